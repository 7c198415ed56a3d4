// The HTML document around every page: head metadata (kept on every variant, mobile included,
// so search engines crawling as a phone still see title and description), stylesheets, and on
// desktop the island script with the runtime values the server fills in.
import type { ReactNode } from 'react';
import type { PageMeta } from './content/schema';
import { runtimePlaceholder, runtimeScriptId } from './runtime/runtime';

export interface DocumentAssets {
  stylesheets: string[];
  /** The island script; absent on pages without islands. */
  script?: string | undefined;
  /** Modules the script imports, preloaded so they download in parallel. */
  preload?: string[] | undefined;
}

export function Document({
  meta,
  assets,
  children,
}: {
  meta: PageMeta;
  assets: DocumentAssets;
  children: ReactNode;
}) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.keywords.length > 0 ? (
          <meta name="keywords" content={meta.keywords.join(',')} />
        ) : null}
        <meta name="theme-color" content="#0b1530" />
        <link rel="icon" href="/next/favicon.svg" type="image/svg+xml" />
        {assets.stylesheets.map((href) => (
          <link rel="stylesheet" href={href} key={href} />
        ))}
        {assets.script ? <script type="module" src={assets.script} /> : null}
        {assets.preload?.map((href) => (
          <link rel="modulepreload" href={href} key={href} />
        ))}
      </head>
      <body>
        {children}
        {assets.script ? (
          <script
            type="application/json"
            id={runtimeScriptId}
            dangerouslySetInnerHTML={{ __html: runtimePlaceholder }}
          />
        ) : null}
      </body>
    </html>
  );
}

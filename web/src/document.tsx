// The HTML document around every page: head metadata (kept on every variant, mobile included,
// so search engines crawling as a phone still see title and description), stylesheets, and on
// desktop the island script with the runtime values the server fills in; on the page of a
// hand-over address, the place of the demo's first frame.
import type { ReactNode } from 'react';
import { jsonForScript } from './components/json-for-script';
import type { PageMeta } from './content/schema';
import { runtimePlaceholder, runtimeScriptId } from './runtime/runtime';
import { firstFrameScriptId } from './runtime/first-frame-place';
import type { PageHead } from './seo/head';
import { absolute } from './seo/origin';
import { languageTags } from './content/language';

export interface DocumentAssets {
  stylesheets: string[];
  /** The island script; absent on pages without islands. */
  script?: string | undefined;
  /** Modules the script imports, preloaded so they download in parallel. */
  preload?: string[] | undefined;
  /** Stylesheets a script applies later, fetched now beside the page's own. */
  preloadStyles?: string[] | undefined;
  /**
   * A page a hand-over address is answered with (issue #34): where the server writes what the
   * demo's first frame needs, and on phones the stylesheet and the script written into the
   * page itself, so that one answer holds everything.
   */
  firstFrame?: { marker: string; style?: string; script?: string } | undefined;
}

/** Open Graph and Twitter card tags: how a shared link to the page looks. */
function ShareTags({ meta, head }: { meta: PageMeta; head: PageHead }) {
  const image = absolute(head.shareImage.url);
  return (
    <>
      <meta property="og:type" content={head.ogType} />
      <meta property="og:site_name" content={head.siteName} />
      <meta property="og:locale" content={languageTags[head.language].og} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      {head.path ? <meta property="og:url" content={absolute(head.path)} /> : null}
      <meta property="og:image" content={image} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(head.shareImage.width)} />
      <meta property="og:image:height" content={String(head.shareImage.height)} />
      <meta property="og:image:alt" content={head.shareImage.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={meta.title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={head.shareImage.alt} />
    </>
  );
}

export function Document({
  meta,
  head,
  assets,
  children,
}: {
  meta: PageMeta;
  head: PageHead;
  assets: DocumentAssets;
  children: ReactNode;
}) {
  return (
    <html lang={languageTags[head.language].html}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.keywords.length > 0 ? (
          <meta name="keywords" content={meta.keywords.join(',')} />
        ) : null}
        {head.index ? null : <meta name="robots" content="noindex" />}
        {head.path ? <link rel="canonical" href={absolute(head.path)} /> : null}
        {head.alternates.map((alternate) => (
          <link
            rel="alternate"
            hrefLang={alternate.hreflang}
            href={absolute(alternate.path)}
            key={alternate.hreflang}
          />
        ))}
        <ShareTags meta={meta} head={head} />
        <meta name="theme-color" content="#0b1530" />
        <link rel="icon" href={head.icons.svg} type="image/svg+xml" />
        <link rel="icon" href={head.icons.png32} type="image/png" sizes="32x32" />
        <link rel="apple-touch-icon" href={head.icons.appleTouch} />
        <link rel="manifest" href={head.icons.webManifest} />
        {assets.stylesheets.map((href) => (
          <link rel="stylesheet" href={href} key={href} />
        ))}
        {assets.firstFrame?.style ? (
          <style dangerouslySetInnerHTML={{ __html: assets.firstFrame.style }} />
        ) : null}
        {assets.script ? <script type="module" src={assets.script} /> : null}
        {assets.preload?.map((href) => (
          <link rel="modulepreload" href={href} key={href} />
        ))}
        {assets.preloadStyles?.map((href) => (
          <link rel="preload" as="style" href={href} key={href} />
        ))}
        {head.structuredData.map((block, index) => (
          <script
            type="application/ld+json"
            key={index}
            dangerouslySetInnerHTML={{ __html: jsonForScript(block) }}
          />
        ))}
      </head>
      <body>
        {children}
        {assets.script || assets.firstFrame?.script ? (
          <script
            type="application/json"
            id={runtimeScriptId}
            dangerouslySetInnerHTML={{ __html: runtimePlaceholder }}
          />
        ) : null}
        {/* Run as soon as it is read: it starts while the frame after it still arrives. */}
        {assets.firstFrame?.script ? (
          <script
            type="module"
            async
            dangerouslySetInnerHTML={{ __html: assets.firstFrame.script }}
          />
        ) : null}
        {assets.firstFrame ? (
          <script
            type="application/json"
            id={firstFrameScriptId}
            dangerouslySetInnerHTML={{ __html: assets.firstFrame.marker }}
          />
        ) : null}
      </body>
    </html>
  );
}

// Renders one page, in one variant, to a complete HTML document with React. Used by the
// prerender script at build time only; the server never runs React. Islands inside the page are
// rendered by `renderIsland`, the islands' own renderer (src/islands/render.tsx).
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { IslandRendererContext } from './components/island';
import type { Content, LoadedPage } from './content/types';
import { Document, type DocumentAssets } from './document';
import type { IslandRenderer } from './islands/render';
import { ContentPage } from './pages/content-page';
import { NotFound } from './pages/not-found';
import { Layout } from './shell/layout';
import type { PageHead } from './seo/head';
import { analyticsPlaceholder } from './seo/origin';
import type { PageVariant } from './variant';

export interface SiteAssets {
  stylesheet: string;
  markdownStylesheet: string;
  script: string;
  preload: string[];
}

function documentAssets(
  assets: SiteAssets,
  variant: PageVariant,
  markdown: boolean,
): DocumentAssets {
  const stylesheets = markdown
    ? [assets.stylesheet, assets.markdownStylesheet]
    : [assets.stylesheet];
  // Mobile pages have no shell and so no islands: they ship no JavaScript at all.
  if (variant === 'mobile') return { stylesheets };
  return { stylesheets, script: assets.script, preload: assets.preload };
}

/** What every page of one build is rendered with. */
export interface RenderContext {
  assets: SiteAssets;
  renderIsland: IslandRenderer;
}

function renderDocument(context: RenderContext, children: ReactNode): string {
  const html = renderToStaticMarkup(
    <IslandRendererContext value={context.renderIsland}>{children}</IslandRendererContext>,
  );
  // The statistics loader (or nothing) goes last in the head; React cannot place raw markup there.
  return `<!doctype html>${html.replace('</head>', `${analyticsPlaceholder}</head>`)}`;
}

export function renderPage(
  page: LoadedPage,
  content: Content,
  variant: PageVariant,
  context: RenderContext,
  head: PageHead,
): string {
  return renderDocument(
    context,
    <Document
      meta={page.content.meta}
      head={head}
      assets={documentAssets(context.assets, variant, page.bodyHtml !== undefined)}
    >
      <Layout variant={variant} path={page.route.path} content={content}>
        <ContentPage page={page} content={content} />
      </Layout>
    </Document>,
  );
}

export function renderNotFound(
  content: Content,
  variant: PageVariant,
  context: RenderContext,
  head: PageHead,
): string {
  const { not_found: text } = content.site;
  const meta = { title: text.title, description: text.description, keywords: [] };
  return renderDocument(
    context,
    <Document meta={meta} head={head} assets={documentAssets(context.assets, variant, false)}>
      <Layout variant={variant} path="" content={content}>
        <NotFound site={content.site} />
      </Layout>
    </Document>,
  );
}

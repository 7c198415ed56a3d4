// Renders one page, in one variant, to a complete HTML document with React. Used by the
// prerender script at build time only; the server never runs React. Islands inside the page are
// rendered by `renderIsland`, the islands' own renderer (src/islands/render.tsx).
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { firstFrameMarker } from './runtime/first-frame-place';
import { Island, IslandRendererContext } from './shell/island';
import type { Content, LoadedPage } from './content/types';
import { Document, type DocumentAssets } from './document';
import { twinOf } from './shell/language-switch';
import type { PageIslandRenderer } from './islands/render';
import { ContentPage } from './pages/content-page';
import { NotFound } from './pages/not-found';
import { Layout } from './shell/layout';
import type { PageHead } from './seo/head';
import { analyticsPlaceholder } from './seo/origin';
import type { PageVariant } from './content/variant';
import { EditionProvider } from './components/edition';

/** An entry script and the modules it imports (preloaded so they download in parallel). */
export interface EntryScript {
  script: string;
  preload: string[];
}

export interface SiteAssets {
  stylesheet: string;
  markdownStylesheet: string;
  /** Desktop pages: the shell's islands and the enquiry form. */
  site: EntryScript;
  /** The mobile business page: the enquiry form alone. */
  leadForm: EntryScript;
  /** Mobile pages with the live demo: its launcher alone. */
  demo: EntryScript;
  /** The sales page. */
  admin: EntryScript;
  /** The demo page of a hand-over address (scripts/first-frame.ts). */
  firstFrame: FirstFrameAssets;
}

/** What the page of a hand-over address adds (issue #34). */
export interface FirstFrameAssets {
  /** Phones: the stylesheets and the demo's script, written into the page. */
  style: string;
  script: string;
  /** Desktops: the viewer's modules and stylesheets, preloaded. */
  modules: string[];
  styles: string[];
}

/** The island a mobile page needs, if any: mobile pages have no shell. */
type MobileIsland = 'lead-form' | 'venue-demo' | null;

function documentAssets(
  assets: SiteAssets,
  variant: PageVariant,
  markdown: boolean,
  mobileIsland: MobileIsland,
  firstFrame = false,
): DocumentAssets {
  const stylesheets = markdown
    ? [assets.stylesheet, assets.markdownStylesheet]
    : [assets.stylesheet];
  if (firstFrame) {
    const { style, script, modules, styles } = assets.firstFrame;
    if (variant === 'mobile') {
      return { stylesheets: [], firstFrame: { marker: firstFrameMarker, style, script } };
    }
    const preload = [...new Set([...assets.site.preload, ...modules])];
    return {
      stylesheets,
      ...assets.site,
      preload,
      preloadStyles: styles,
      firstFrame: { marker: firstFrameMarker },
    };
  }
  if (variant !== 'mobile') return { stylesheets, ...assets.site };
  // Mobile pages ship no JavaScript, except the business page, whose enquiry form checks its
  // fields as the visitor types, and the pages with the live demo, whose launcher loads it.
  if (mobileIsland === 'lead-form') return { stylesheets, ...assets.leadForm };
  if (mobileIsland === 'venue-demo') return { stylesheets, ...assets.demo };
  return { stylesheets };
}

function mobileIslandOf(page: LoadedPage): MobileIsland {
  const { kind } = page.route;
  if (kind === 'business') return 'lead-form';
  if (kind === 'demo' || kind === 'kiosk') return 'venue-demo';
  if (kind === 'service' && 'demo' in page.content && page.content.demo) return 'venue-demo';
  // The upload form comes with the launcher's script, which hydrates both.
  if (kind === 'service' && 'upload' in page.content && page.content.upload) return 'venue-demo';
  return null;
}

/** What every page of one build is rendered with. */
export interface RenderContext {
  assets: SiteAssets;
  renderIsland: PageIslandRenderer;
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
  options: { leadTemplate?: boolean; firstFrame?: boolean } = {},
): string {
  return renderDocument(
    context,
    <Document
      meta={page.content.meta}
      head={head}
      assets={documentAssets(
        context.assets,
        variant,
        page.bodyHtml !== undefined,
        mobileIslandOf(page),
        options.firstFrame,
      )}
    >
      <EditionProvider value={content.language}>
        <Layout
          variant={variant}
          path={page.route.path}
          content={content}
          twin={twinOf(head.alternates, head.language)}
        >
          <ContentPage
            page={page}
            content={content}
            leadTemplate={options.leadTemplate ?? false}
            firstFrame={options.firstFrame ?? false}
          />
        </Layout>
      </EditionProvider>
    </Document>,
  );
}

/**
 * The sales page (/admin/leads): no shell, never indexed, the table island alone. Served by the
 * server only to requests with the sales password.
 */
export function renderAdminPage(content: Content, context: RenderContext): string {
  const { admin, labels, statuses } = content.leads;
  const html = renderToStaticMarkup(
    <IslandRendererContext value={context.renderIsland}>
      <html lang="zh-CN">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>{admin.title}</title>
          <link rel="stylesheet" href={context.assets.stylesheet} />
          <script type="module" src={context.assets.admin.script} />
          {context.assets.admin.preload.map((href) => (
            <link rel="modulepreload" href={href} key={href} />
          ))}
        </head>
        <body className="admin-page">
          <main className="admin-main">
            <h1 className="admin-main__title">{admin.heading}</h1>
            <Island name="lead-admin" props={{ words: admin, labels, statuses }} />
          </main>
        </body>
      </html>
    </IslandRendererContext>,
  );
  return `<!doctype html>${html}`;
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
    <Document meta={meta} head={head} assets={documentAssets(context.assets, variant, false, null)}>
      <EditionProvider value={content.language}>
        <Layout variant={variant} path="" content={content}>
          <NotFound site={content.site} />
        </Layout>
      </EditionProvider>
    </Document>,
  );
}

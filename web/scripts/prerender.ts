// content/ -> dist/: renders every route in every variant to HTML and writes dist/manifest.json,
// the contract the server reads (server/src/site/manifest.rs). Runs after the client build,
// which has already put hashed assets in dist/client.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadEditions } from '../src/content/load';
import {
  type Language,
  byLanguageTag,
  chinesePath,
  editionPath,
  languageTags,
  languages,
} from '../src/content/language';
import {
  type EntryScript,
  type SiteAssets,
  renderAdminPage,
  renderNotFound,
  renderPage,
} from '../src/entry-server';
import { leadCatalog, leadPaths } from '../src/leads/catalog';
import { OutputDir } from './output-dir';
import { IslandCache } from './island-cache';
import type { IslandRenderer } from '../src/islands/render';
import { type PageVariant, pageVariants } from '../src/content/variant';
import { contentDates, today } from './lastmod';
import { writeIcons } from './icons';
import { type Alternate, type ShareImage, notFoundHead, pageHead } from '../src/seo/head';
import { type ShareCard, renderShareImages, shareImageSize } from './share-images';
import type { Content, LoadedPage } from '../src/content/types';
import { writeVenues } from './venues';
import { liveReloadTag } from './live-reload';
import {
  type FirstFrameBuild,
  cspHashes,
  firstFrameAssets,
  firstFrameFiles,
  firstFramePage,
  readFirstFrameBuild,
} from './first-frame';
import { firstFrameMarker } from '../src/runtime/first-frame-place';

/** 4 added `leads`, the enquiry form (issue #6); 5 added `venues`, the live demo (issue #14);
 * 6 added `first_frame`, the demo page of a hand-over address (issue #34); 7 added the English
 * edition's pages and each page's `alternates`, 8 the server's words by language, 9 its
 * categories by language too (issue #35). */
export const manifestVersion = 9;

interface ViteChunk {
  file: string;
  imports?: string[];
}

type PageFiles = Record<'desktop_international' | 'desktop_china' | 'mobile', string>;

const variantField: Record<PageVariant, keyof PageFiles> = {
  'desktop-international': 'desktop_international',
  'desktop-china': 'desktop_china',
  mobile: 'mobile',
};

function viteChunks(distDir: string) {
  const manifestPath = join(distDir, 'client/.vite/manifest.json');
  const chunks = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteChunk>;
  const url = (key: string) => {
    const chunk = chunks[key];
    if (!chunk) throw new Error(`${manifestPath} has no entry for ${key}`);
    return `/next/${chunk.file}`;
  };
  return { chunks, url };
}

function viteChunkUrl(distDir: string, key: string): string {
  return viteChunks(distDir).url(key);
}

function siteAssets(distDir: string, firstFrame: FirstFrameBuild): SiteAssets {
  const { chunks, url } = viteChunks(distDir);
  const entry = (key: string): EntryScript => {
    const preload = new Set<string>();
    const visit = (from: string) => {
      for (const imported of chunks[from]?.imports ?? []) {
        const next = url(imported);
        if (!preload.has(next)) {
          preload.add(next);
          visit(imported);
        }
      }
    };
    visit(key);
    return { script: url(key), preload: [...preload] };
  };
  return {
    stylesheet: url('src/styles/site.css'),
    markdownStylesheet: url('src/styles/markdown.css'),
    site: entry('src/entry-client.tsx'),
    leadForm: entry('src/entry-lead-form.tsx'),
    demo: entry('src/entry-demo.tsx'),
    admin: entry('src/entry-admin.tsx'),
    firstFrame: firstFrameAssets(
      firstFrame,
      chunks,
      readFileSync(join(distDir, 'client', chunks['src/styles/site.css']!.file), 'utf8'),
    ),
  };
}

/** Where HTML is written, and what editing mode adds to every document's head. */
interface HtmlTarget {
  distDir: string;
  output: OutputDir;
  headTag: string;
}

function writePage(target: HtmlTarget, name: string, variant: PageVariant, html: string): string {
  return writeHtml(target, `pages/${name}.${variant}.html`, html);
}

function writeHtml(target: HtmlTarget, file: string, html: string): string {
  const document = file.endsWith('.html') && target.headTag;
  target.output.write(file, document ? html.replace('</head>', `${target.headTag}</head>`) : html);
  return file;
}

/** The words on a page's share card. */
function shareCard(page: LoadedPage, content: Content): ShareCard {
  const { hero } = page.content;
  const summary =
    'summary' in page.content && typeof page.content.summary === 'string'
      ? page.content.summary
      : hero.intro;
  return {
    brand: content.site.brand.name,
    label: content.site.share_image[page.route.kind],
    heading: hero.heading,
    summary,
    footer: content.site.share_image.footer,
  };
}

/** Draws every page's share card into assets/share, with the PNG's hash in its name. */
async function writeShareImages(
  output: OutputDir,
  content: Content,
  names: string[],
): Promise<ShareImage[]> {
  const rendered = await renderShareImages(content.pages.map((page) => shareCard(page, content)));
  return rendered.map(({ png, hash }, index) => {
    const file = `assets/share/${names[index]!.replaceAll('/', '-')}-${hash}.png`;
    output.write(`client/${file}`, png);
    const page = content.pages[index]!;
    return { url: `/next/${file}`, ...shareImageSize, alt: page.content.meta.title };
  });
}

/**
 * Links in an English page stay in English (issue #35): no link leads to a Chinese page but the
 * language switch, which names its language.
 */
function assertLinksInEdition(html: string, where: string, chinesePages: Set<string>) {
  const chinese = [...html.matchAll(/<a\s[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => {
      const href = /\shref="([^"#?]*)/.exec(tag)?.[1];
      return href && chinesePages.has(href) && !/\shrefLang="/i.test(tag);
    });
  if (chinese.length > 0) {
    throw new Error(`${where} links to Chinese pages:\n  ${chinese.join('\n  ')}`);
  }
}

/**
 * A page's hreflang links (issue #35): the page in each edition that has it, and `x-default`,
 * the Chinese page; none for a page that has no twin.
 */
function hreflangLinks(editions: Record<Language, Content>) {
  const paths = new Set(
    languages.flatMap((language) => editions[language].pages.map((page) => page.route.path)),
  );
  return (path: string): Alternate[] => {
    const chinese = chinesePath(path);
    const twins = languages
      .map((language) => ({ language, path: editionPath(chinese, language) }))
      .filter((twin) => paths.has(twin.path));
    if (twins.length < 2) return [];
    return [
      ...twins.map((twin) => ({ ...twin, hreflang: languageTags[twin.language].hreflang })),
      { hreflang: 'x-default', language: 'x-default' as const, path: chinese },
    ];
  };
}

function listFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .filter((file) => !file.startsWith('.vite/'))
    .sort();
}

/** Lives as long as this module: editing mode loads it again only when the bundles change. */
const islandCache = new IslandCache();

export async function prerender({
  contentDir,
  distDir,
  repoRoot,
  renderIsland,
  liveReload,
  firstFrameDir = join(repoRoot, 'web/build/first-frame'),
}: {
  contentDir: string;
  distDir: string;
  repoRoot: string;
  /** The first-frame build (vite.config.ts), read into the demo page of a hand-over address. */
  firstFrameDir?: string;
  /** The islands' renderer, built separately with the browser runtime (scripts/build.mjs). */
  renderIsland: IslandRenderer;
  /** Editing mode (scripts/dev): every document loads this browser entry, the live-reload client. */
  liveReload?: { entry: string };
}) {
  const editions = loadEditions(contentDir);
  // The Chinese edition is the default: the templates, the 404 page and the demo's venues.
  const content = editions.zh;
  const firstFrame = readFirstFrameBuild(firstFrameDir);
  const context = {
    assets: siteAssets(distDir, firstFrame),
    renderIsland: islandCache.forBuild(renderIsland),
  };
  // dist/pages and dist/leads hold only what this build writes.
  const output = new OutputDir(distDir, ['pages', 'leads']);
  const target: HtmlTarget = {
    distDir,
    output,
    headTag: liveReload ? liveReloadTag(contentDir, viteChunkUrl(distDir, liveReload.entry)) : '',
  };
  const dates = contentDates(repoRoot);
  const icons = writeIcons(join(repoRoot, 'web'), output, content);
  const pageName = (path: string) =>
    path.endsWith('/') ? `${path.slice('/next/'.length)}index` : path.slice('/next/'.length);
  const alternatesOf = hreflangLinks(editions);
  const chinesePages = new Set(content.pages.map((page) => page.route.path));

  const edition = async (language: Language) => {
    const own = editions[language];
    const names = own.pages.map((page) => pageName(page.route.path));
    const shareImages = await writeShareImages(output, own, names);
    const pages = own.pages.map((page, index) => {
      const name = names[index]!;
      const lastmod = dates.get(`content/${page.route.source}`) ?? today();
      const shareImage = shareImages[index]!;
      const alternates = alternatesOf(page.route.path);
      const head = pageHead(page, own, { shareImage, icons, lastmod, alternates });
      const files = {} as PageFiles;
      for (const variant of pageVariants) {
        const html = renderPage(page, own, variant, context, head);
        if (language !== 'zh') assertLinksInEdition(html, page.route.path, chinesePages);
        files[variantField[variant]] = writePage(target, name, variant, html);
      }
      return {
        path: page.route.path,
        title: page.content.meta.title,
        description: page.content.meta.description,
        lastmod,
        index: head.index,
        alternates: alternates.map(({ hreflang, path }) => ({ hreflang, path })),
        files,
      };
    });
    return { pages, shareImages };
  };
  const chinese = await edition('zh');
  const english = await edition('en');
  const shareImages = chinese.shareImages;
  const pages = [...chinese.pages, ...english.pages];
  const built = { zh: chinese, en: english };

  /**
   * A page rendered again as a template the server fills per request, one file per variant:
   * `file` names it, `options` what the render adds.
   */
  const templateFiles = (
    path: string,
    file: (variant: PageVariant) => string,
    options: Parameters<typeof renderPage>[5],
    what: string,
    language: Language = 'zh',
  ): PageFiles => {
    const own = editions[language];
    const index = own.pages.findIndex((page) => page.route.path === path);
    const page = own.pages[index];
    if (!page) throw new Error(`no page at ${path} for ${what}`);
    const head = pageHead(page, own, {
      shareImage: built[language].shareImages[index]!,
      icons,
      lastmod: built[language].pages[index]!.lastmod,
      alternates: alternatesOf(path),
    });
    const files = {} as PageFiles;
    for (const variant of pageVariants) {
      const html = renderPage(page, own, variant, context, head, options);
      files[variantField[variant]] = writeHtml(target, file(variant), html);
    }
    return files;
  };
  // The enquiry form's no-JavaScript answer: the business page with the markers the server fills
  // per request (docs/enquiries.md section 4). A file of its own, not a page.
  const leadForms = byLanguageTag((language) => {
    const formPath = editionPath(leadPaths.form, language);
    const prefix = language === 'zh' ? '' : `${language}.`;
    return {
      form_path: formPath,
      thanks_path: editionPath(leadPaths.thanks, language),
      form_template: templateFiles(
        formPath,
        (variant) => `leads/form-template.${prefix}${variant}.html`,
        { leadTemplate: true },
        'form template',
        language,
      ),
      ...leadCatalog(editions[language]),
    };
  });
  // The demo page of a hand-over address, with the place of its first frame (first-frame.ts).
  const firstFramePages = byLanguageTag((language) => {
    const path = editionPath(firstFramePage, language);
    const files = templateFiles(
      path,
      (variant) => `pages/${pageName(path)}.first-frame.${variant}.html`,
      { firstFrame: true },
      'first frame',
      language,
    );
    return { path, files };
  });
  rmSync(join(distDir, 'admin'), { recursive: true, force: true });
  writeHtml(target, leadPaths.adminFile, renderAdminPage(content, context));

  // One 404 page per edition: the server answers an unknown address under /next/en/ with the
  // English one.
  const notFoundOf = (language: Language, shareImage: ShareImage): PageFiles => {
    const own = editions[language];
    const files = {} as PageFiles;
    const head = notFoundHead(own, { shareImage, icons });
    for (const variant of pageVariants) {
      const html = renderNotFound(own, variant, context, head);
      if (language !== 'zh') assertLinksInEdition(html, '404', chinesePages);
      files[variantField[variant]] = writePage(
        target,
        pageName(editionPath('/next/404', language)),
        variant,
        html,
      );
    }
    return files;
  };
  const notFound = {
    [languageTags.zh.hreflang]: notFoundOf('zh', shareImages[0]!),
    [languageTags.en.hreflang]: notFoundOf('en', english.shareImages[0]!),
  };

  // The pictures behind the live demo's button: immutable like every file under assets/.
  for (const venue of content.venues.list) {
    for (const preview of venue.previews) {
      writeHtml(target, `client/${preview.url.slice('/next/'.length)}`, preview.svg);
    }
  }

  // Pictures go under assets/ with their content hash in the name, so they are cached forever
  // and /_next/image answers for them are immutable too. The hash also means a copy of the same
  // name and size is the same picture: editing mode's rebuilds leave the 13 MB alone.
  for (const { url, source } of content.media) {
    const copy = join(distDir, 'client', url.slice('/next/'.length));
    if (statSync(copy, { throwIfNoEntry: false })?.size === statSync(source).size) continue;
    mkdirSync(dirname(copy), { recursive: true });
    copyFileSync(source, copy);
  }

  // The chunks the hand-over page's script loads when a visitor opens them (first-frame.ts), beside
  // the client build's, whose names they must not take: both builds name a chunk by its hash.
  for (const [file, text] of firstFrameFiles(firstFrame)) {
    const there = join(distDir, 'client', file);
    if (existsSync(there) && readFileSync(there, 'utf8') !== text) {
      throw new Error(`${there}: the first-frame build's chunk would replace the client build's`);
    }
    writeHtml(target, `client/${file}`, text);
  }

  const files = listFiles(join(distDir, 'client')).map((file) => ({
    url: `/next/${file}`,
    file: `client/${file}`,
    // Vite puts content hashes in every name under assets/.
    immutable: file.startsWith('assets/'),
  }));

  // The venues' files are served through /api/venues, so they stay out of `files`.
  const venues = writeVenues(distDir, content.venues, {
    zh: content.venues,
    en: editions.en.venues,
  });

  // Every q= the pages put in /_next/image addresses: the server accepts no other.
  const { device_sizes, image_sizes, quality } = content.site.images;
  const manifest = {
    version: manifestVersion,
    pages,
    not_found: notFound,
    files,
    images: { device_sizes, image_sizes, qualities: [quality] },
    first_frame: {
      pages: firstFramePages,
      marker: firstFrameMarker,
      ...cspHashes(context.assets.firstFrame),
    },
    leads: { admin_page: leadPaths.adminFile, forms: leadForms },
    venues,
  };
  output.prune();
  writeFileSync(join(distDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// The only code that reads content/. It parses TOML and Markdown, checks every file against
// schema.ts, checks links and uniqueness across files, and reports every problem at once with
// the file and field, so an editor can fix a whole batch in one go.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Marked } from 'marked';
import { parse as parseToml } from 'smol-toml';
import type { z } from 'zod';
import {
  type RouteKind,
  type RouteSpec,
  articlePath,
  newsDir,
  newsListPath,
  routeTable,
} from './route-table';
import {
  type ArticleContent,
  type DemoPageContent,
  type Footer,
  type ImageRef,
  type LeadsContent,
  type Menu,
  type NewsListPageContent,
  type PageContent,
  type SiteInfo,
  aboutPageSchema,
  articleSchema,
  businessPageSchema,
  demoPageSchema,
  devicePageSchema,
  footerSchema,
  hardwarePageSchema,
  homePageSchema,
  leadsSchema,
  markdownPageSchema,
  menuSchema,
  newsListPageSchema,
  sdkPageSchema,
  servicePageSchema,
  siteSchema,
  solutionPageSchema,
  thanksPageSchema,
} from './schema';
import { highlightSamples } from './highlight';
import { readImageFile, renderableWidths } from './image-file';
import { Problems, fieldPath } from '../checks/problems';
import { readDataFile } from './venues/data-file';
import { checkDemoTasks, kioskPages } from './demo-pages';
import { loadVenues, readEnglishCatalog, readVenueWords } from './venues/load-venues';
import { readFrontMatter } from './front-matter';
import { checkTwins, englishDir } from './twins';
import { type Language, isLinkField, localiseLinks } from './language';
import type { LoadedVenues } from './venues/types';
import type { Content, LoadedImage, LoadedPage, MediaFile } from './types';

export type { Content, LoadedPage } from './types';

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `content/ has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ContentError';
  }
}

function readToml(dir: string, file: string, problems: Problems): unknown {
  return readDataFile(join(dir, file), `content/${file}`, 'TOML', problems);
}

function check<T>(schema: z.ZodType<T>, data: unknown, file: string, problems: Problems) {
  if (data === undefined) return undefined;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    problems.add(`content/${file}`, fieldPath(issue.path), issue.message);
  }
  return undefined;
}

function readMarkdownPage<T>(schema: z.ZodType<T>, dir: string, file: string, problems: Problems) {
  const path = join(dir, file);
  if (!existsSync(path)) {
    problems.add(`content/${file}`, '', 'file is missing');
    return undefined;
  }
  const match = readFrontMatter(readFileSync(path, 'utf8'));
  if (!match) {
    problems.add(`content/${file}`, '', 'must start with TOML front matter between +++ lines');
    return undefined;
  }
  let frontMatter: unknown;
  try {
    frontMatter = parseToml(match.frontMatter);
  } catch (error) {
    problems.add(`content/${file}`, 'front matter', `not valid TOML: ${(error as Error).message}`);
    return undefined;
  }
  const content = check(schema, frontMatter, file, problems);
  const markdown = match.body;
  if (/^#\s/m.test(markdown)) {
    problems.add(
      `content/${file}`,
      'body',
      'use ## and ### headings only; the page already has its h1 from hero.heading',
    );
  }
  // A table wider than a phone scrolls (the Markdown theme): the keyboard reaches it to scroll it.
  const bodyHtml = new Marked({ gfm: true })
    .parse(markdown, { async: false })
    .replaceAll('<table>', '<table tabindex="0">');
  return content ? { content, bodyHtml } : undefined;
}

/** The schema of each kind of TOML page (Markdown kinds are read by readMarkdownPage). */
const tomlSchemas: Record<
  Exclude<RouteKind, 'document' | 'article' | 'kiosk'>,
  z.ZodType<PageContent>
> = {
  home: homePageSchema,
  service: servicePageSchema,
  hardware: hardwarePageSchema,
  device: devicePageSchema,
  solution: solutionPageSchema,
  news: newsListPageSchema,
  about: aboutPageSchema,
  business: businessPageSchema,
  thanks: thanksPageSchema,
  sdk: sdkPageSchema,
  demo: demoPageSchema,
};

const articleSlugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** content/news/<slug>.md, newest first. */
function readArticles(
  dir: string,
  edition: string,
  problems: Problems,
  routes: Set<string>,
): LoadedPage[] {
  const root = join(dir, edition, newsDir);
  if (!existsSync(root)) return [];
  const articles: LoadedPage[] = [];
  for (const name of readdirSync(root).sort()) {
    const file = `${edition}${newsDir}/${name}`;
    const slug = name.replace(/\.md$/, '');
    if (!name.endsWith('.md') || !articleSlugPattern.test(slug) || slug === 'page') {
      problems.add(
        `content/${file}`,
        '',
        'news files are named <slug>.md with lowercase letters, digits and hyphens (not "page")',
      );
      continue;
    }
    const route: RouteSpec = { path: articlePath(slug), kind: 'article', source: file };
    routes.add(route.path);
    const loaded = readMarkdownPage(articleSchema, dir, file, problems);
    if (loaded) articles.push({ route, content: loaded.content, bodyHtml: loaded.bodyHtml });
  }
  const date = (page: LoadedPage) => (page.content as ArticleContent).date;
  return articles.sort(
    (a, b) => date(b).localeCompare(date(a)) || a.route.path.localeCompare(b.route.path),
  );
}

/** Pages 2.. of the news list, each with its own title and description. */
function laterNewsPages(list: LoadedPage, articleCount: number): LoadedPage[] {
  const content = list.content as NewsListPageContent;
  const count = Math.max(1, Math.ceil(articleCount / content.per_page));
  list.listPage = 1;
  return Array.from({ length: count - 1 }, (_, index) => {
    const page = index + 2;
    const fill = (template: string) => template.replaceAll('{n}', String(page));
    return {
      route: { ...list.route, path: newsListPath(page) },
      content: {
        ...content,
        meta: {
          ...content.meta,
          title: fill(content.later_pages.title),
          description: fill(content.later_pages.description),
        },
      },
      listPage: page,
    };
  });
}

/**
 * Every link field anywhere in a file's data: `path`, `<something>_path` and `href` (menu
 * entries, cards, contact routes, calls to action, legal notices).
 */
function pathFields(value: unknown, field: string, found: { field: string; path: string }[]) {
  if (Array.isArray(value)) {
    value.forEach((item, index) => pathFields(item, `${field}[${index}]`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = field ? `${field}.${key}` : key;
      if (isLinkField(key) && typeof item === 'string') found.push({ field: at, path: item });
      else pathFields(item, at, found);
    }
  }
  return found;
}

/** Every internal address a piece of content links to, with where it was found. */
function collectLinks(
  site: SiteInfo,
  menu: Menu,
  footer: Footer,
  leads: LeadsContent | undefined,
  edition: string,
): { file: string; field: string; path: string }[] {
  return (
    [
      ['menu.toml', menu],
      ['footer.toml', footer],
      ['site.toml', site],
      ['leads.toml', leads ?? {}],
    ] as const
  ).flatMap(([file, data]) =>
    pathFields(data, '', []).map((link) => ({ file: edition + file, ...link })),
  );
}

function checkInternalLinks(
  links: { file: string; field: string; path: string }[],
  known: Set<string>,
  problems: Problems,
) {
  for (const { file, field, path } of links) {
    if (!path.startsWith('/')) continue;
    const bare = path.replace(/[#?].*$/, '');
    if (!known.has(bare)) {
      problems.add(`content/${file}`, field, `links to ${path}, which is not a page of this site`);
    }
  }
}

function checkUnique(pages: LoadedPage[], problems: Problems) {
  for (const key of ['title', 'description'] as const) {
    const seen = new Map<string, string>();
    for (const page of pages) {
      const value = page.content.meta[key];
      const other = seen.get(value);
      if (other) {
        problems.add(
          `content/${page.route.source}`,
          `meta.${key}`,
          `is the same as in content/${other}; every page needs its own`,
        );
      } else {
        seen.set(value, page.route.source);
      }
    }
  }
}

function checkNoStrayFiles(dir: string, problems: Problems) {
  const expected = new Set(routeTable.map((route) => route.source));
  for (const folder of ['pages', 'devices', 'solutions']) {
    const root = join(dir, folder);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/');
      if (!expected.has(file)) {
        problems.add(
          `content/${file}`,
          '',
          'no page of the route table (web/src/content/route-table.ts) uses this file; check its name',
        );
      }
    }
  }
}

/** Where the build serves content/images/<path>: a flat, content-hashed name under assets/. */
function mediaUrl(src: string, hash: string): string {
  const stem = src
    .replace(/^images\//, '')
    .replace(/\.[a-z]+$/i, '')
    .replaceAll('/', '-');
  const extension = src.slice(src.lastIndexOf('.') + 1).toLowerCase();
  return `/next/assets/media/${stem}-${hash}.${extension === 'jpeg' ? 'jpg' : extension}`;
}

function resolveImage(
  dir: string,
  file: string,
  field: string,
  ref: ImageRef,
  site: SiteInfo,
  media: Map<string, MediaFile>,
  problems: Problems,
): LoadedImage | undefined {
  const path = join(dir, ref.src);
  if (!existsSync(path)) {
    problems.add(`content/${file}`, `${field}.src`, `content/${ref.src} does not exist`);
    return undefined;
  }
  let info;
  try {
    info = readImageFile(path);
  } catch (error) {
    problems.add(
      `content/${file}`,
      `${field}.src`,
      `content/${ref.src} ${(error as Error).message}`,
    );
    return undefined;
  }
  const url = mediaUrl(ref.src, info.hash);
  media.set(url, { url, source: path });
  const { device_sizes, image_sizes, quality } = site.images;
  return {
    url,
    alt: ref.alt,
    width: info.width,
    height: info.height,
    widths: renderableWidths([...device_sizes, ...image_sizes], info.width),
    quality,
  };
}

/**
 * Every string of `value` with {hotline} replaced by the number visitors dial: the server
 * answers with these words and never needs to know the hotline (docs/enquiries.md section 2).
 */
export function fillHotline<T>(value: T, hotline: string): T {
  if (typeof value === 'string') return value.replaceAll('{hotline}', hotline) as T;
  if (Array.isArray(value)) return value.map((item) => fillHotline(item, hotline)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillHotline(item, hotline)]),
    ) as T;
  }
  return value;
}

/** The Chinese edition, with the venues of the live demo; the English twins are checked. */
export function loadContent(dir: string): Content {
  return loadEdition(dir, 'zh');
}

/** Both editions (issue #35): the English one shares the Chinese one's venues and pictures. */
export function loadEditions(dir: string): Record<Language, Content> {
  const zh = loadEdition(dir, 'zh');
  return { zh, en: loadEdition(dir, 'en', zh.venues) };
}

/** The venues with an edition's own words and categories (its labels, search words, groups). */
function withWords(
  venues: LoadedVenues,
  words: LoadedVenues['words'] | undefined,
  catalog: Pick<LoadedVenues, 'categories' | 'groups'> | undefined,
): LoadedVenues | undefined {
  return words && catalog && { ...venues, ...catalog, words };
}

function loadEdition(dir: string, language: Language, sharedVenues?: LoadedVenues): Content {
  const problems = new Problems();
  // The English edition's files are the Chinese ones' twins under en/ (twins.ts).
  const edition = language === 'zh' ? '' : `${englishDir}/`;
  const read = <T>(schema: z.ZodType<T>, file: string) =>
    check(schema, readToml(dir, edition + file, problems), edition + file, problems);
  const site = read(siteSchema, 'site.toml');
  const menu = read(menuSchema, 'menu.toml');
  const footer = read(footerSchema, 'footer.toml');
  const leadsRaw = read(leadsSchema, 'leads.toml');
  const leads = leadsRaw && site ? fillHotline(leadsRaw, site.hotline.display) : undefined;
  // The live demo's venues (issue #14), checked by their own rules into the same problem list.
  // The editions share the venues (their data carries names in both languages) and each has
  // its own words.
  const venues = sharedVenues
    ? withWords(
        sharedVenues,
        readVenueWords(dir, englishDir, problems),
        readEnglishCatalog(dir, problems),
      )
    : loadVenues(dir, problems);

  const pages: LoadedPage[] = [];
  for (const chineseRoute of routeTable) {
    const route = { ...chineseRoute, source: edition + chineseRoute.source };
    // Guide-screen pages are made from the venues' kiosks (below), not read from a file.
    if (route.kind === 'kiosk') continue;
    if (route.kind === 'document' || route.kind === 'article') {
      const loaded = readMarkdownPage(markdownPageSchema, dir, route.source, problems);
      if (loaded) pages.push({ route, content: loaded.content, bodyHtml: loaded.bodyHtml });
      continue;
    }
    const content = check<PageContent>(
      tomlSchemas[route.kind],
      readToml(dir, route.source, problems),
      route.source,
      problems,
    );
    if (content && route.kind === 'thanks' && site) {
      pages.push({ route, content: fillHotline(content, site.hotline.display) });
    } else if (content) {
      pages.push(
        route.kind === 'sdk'
          ? { route, content, highlighted: highlightSamples(content) }
          : { route, content },
      );
    }
  }
  const demoPage = pages.find((page) => page.route.kind === 'demo');
  const kiosks =
    venues && demoPage ? kioskPages(venues, demoPage.content as DemoPageContent, language) : [];
  pages.push(...kiosks);
  checkDemoTasks(pages, venues, problems);
  // Every address that has a page, even one whose file has problems: links to it are not broken.
  const routes = new Set([...routeTable, ...kiosks.map((page) => page.route)].map((r) => r.path));
  const articles = readArticles(dir, edition, problems, routes);
  const newsList = pages.find((page) => page.route.kind === 'news');
  const laterPages = newsList ? laterNewsPages(newsList, articles.length) : [];
  pages.push(...articles, ...laterPages);
  for (const page of laterPages) routes.add(page.route.path);

  const media = new Map<string, MediaFile>();
  if (site) {
    for (const page of pages) {
      const image = page.content.hero.image;
      if (!image) continue;
      const heroImage = resolveImage(
        dir,
        page.route.source,
        'hero.image',
        image,
        site,
        media,
        problems,
      );
      if (heroImage) page.heroImage = heroImage;
    }
  }

  if (language === 'zh') checkNoStrayFiles(dir, problems);
  checkUnique(pages, problems);
  if (site && menu && footer) {
    const links = collectLinks(site, menu, footer, leads, edition);
    for (const page of pages) {
      for (const { field, path } of pathFields(page.content, '', [])) {
        links.push({ file: page.route.source, field, path });
      }
      for (const match of page.bodyHtml?.matchAll(/href="([^"]*)"/g) ?? []) {
        links.push({ file: page.route.source, field: 'body', path: match[1] ?? '' });
      }
    }
    checkInternalLinks(links, routes, problems);
  }
  if (site && site.copyright.start_year > site.copyright.end_year) {
    problems.add(
      `content/${edition}site.toml`,
      'copyright.start_year',
      'is after copyright.end_year',
    );
  }
  // Last: a twin is compared with its Chinese file once that file has no problem of its own.
  if (language === 'zh') checkTwins(dir, problems);

  if (problems.list.length > 0 || !site || !menu || !footer || !leads || !venues) {
    throw new ContentError(problems.list);
  }
  // Links are checked as the Chinese site's addresses, then moved to the edition's own pages.
  return {
    language,
    site: localiseLinks(site, language),
    menu: localiseLinks(menu, language),
    footer: localiseLinks(footer, language),
    leads: localiseLinks(leads, language),
    pages: pages.map((page) => localiseLinks(page, language)),
    media: [...media.values()],
    venues,
  };
}

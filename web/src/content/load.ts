// The only code that reads content/. It parses TOML and Markdown, checks every file against
// schema.ts, checks links and uniqueness across files, and reports every problem at once with
// the file and field, so an editor can fix a whole batch in one go.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Marked } from 'marked';
import { parse as parseToml } from 'smol-toml';
import type { z } from 'zod';
import { routeTable } from '../route-table';
import {
  type Footer,
  type ImageRef,
  type Menu,
  type PageContent,
  type SiteInfo,
  devicePageSchema,
  footerSchema,
  markdownPageSchema,
  menuSchema,
  pageSchema,
  siteSchema,
} from './schema';
import { readImageFile, srcsetWidths } from './image-file';
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

/** Collects problems as `<file>: <field>: <message>` while files are read. */
class Problems {
  readonly list: string[] = [];

  add(file: string, field: string, message: string): void {
    this.list.push(field ? `${file}: ${field}: ${message}` : `${file}: ${message}`);
  }
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

function readToml(dir: string, file: string, problems: Problems): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) {
    problems.add(`content/${file}`, '', 'file is missing');
    return undefined;
  }
  try {
    return parseToml(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.add(`content/${file}`, '', `not valid TOML: ${(error as Error).message}`);
    return undefined;
  }
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

const frontMatterPattern = /^\+\+\+\r?\n([\s\S]*?)\r?\n\+\+\+\r?\n([\s\S]*)$/;

function readMarkdownPage(dir: string, file: string, problems: Problems) {
  const path = join(dir, file);
  if (!existsSync(path)) {
    problems.add(`content/${file}`, '', 'file is missing');
    return undefined;
  }
  const match = frontMatterPattern.exec(readFileSync(path, 'utf8'));
  if (!match) {
    problems.add(`content/${file}`, '', 'must start with TOML front matter between +++ lines');
    return undefined;
  }
  let frontMatter: unknown;
  try {
    frontMatter = parseToml(match[1] ?? '');
  } catch (error) {
    problems.add(`content/${file}`, 'front matter', `not valid TOML: ${(error as Error).message}`);
    return undefined;
  }
  const content = check(markdownPageSchema, frontMatter, file, problems);
  const markdown = match[2] ?? '';
  if (/^#\s/m.test(markdown)) {
    problems.add(
      `content/${file}`,
      'body',
      'use ## and ### headings only; the page already has its h1 from hero.heading',
    );
  }
  const bodyHtml = new Marked({ gfm: true }).parse(markdown, { async: false });
  return content ? { content, bodyHtml } : undefined;
}

/** Every internal address a piece of content links to, with where it was found. */
function collectLinks(site: SiteInfo, menu: Menu, footer: Footer) {
  const links: { file: string; field: string; path: string }[] = [];
  const add = (file: string, field: string, path: string | undefined) => {
    if (path) links.push({ file, field, path });
  };
  menu.entry.forEach((entry, i) => {
    add('menu.toml', `entry[${i}].path`, entry.path);
    entry.children?.forEach((child, j) =>
      add('menu.toml', `entry[${i}].children[${j}].path`, child.path),
    );
  });
  footer.column.forEach((column, i) =>
    column.links.forEach((link, j) =>
      add('footer.toml', `column[${i}].links[${j}].path`, link.path),
    ),
  );
  for (const region of ['china', 'international'] as const) {
    footer.legal[region].notices.forEach((notice, i) =>
      add('footer.toml', `legal.${region}.notices[${i}].href`, notice.href),
    );
  }
  add('site.toml', 'header.consult_path', site.header.consult_path);
  add('site.toml', 'header.console_path', site.header.console_path);
  add('site.toml', 'header.customise_path', site.header.customise_path);
  add('site.toml', 'device_page.cta_path', site.device_page.cta_path);
  site.not_found.suggestions.forEach((link, i) =>
    add('site.toml', `not_found.suggestions[${i}].path`, link.path),
  );
  return links;
}

function checkInternalLinks(
  links: { file: string; field: string; path: string }[],
  problems: Problems,
) {
  const known = new Set(routeTable.map((route) => route.path));
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
          'no page of the route table (web/src/route-table.ts) uses this file; check its name',
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
    widths: srcsetWidths([...device_sizes, ...image_sizes], info.width),
    quality,
  };
}

export function loadContent(dir: string): Content {
  const problems = new Problems();
  const site = check(siteSchema, readToml(dir, 'site.toml', problems), 'site.toml', problems);
  const menu = check(menuSchema, readToml(dir, 'menu.toml', problems), 'menu.toml', problems);
  const footer = check(
    footerSchema,
    readToml(dir, 'footer.toml', problems),
    'footer.toml',
    problems,
  );

  const pages: LoadedPage[] = [];
  for (const route of routeTable) {
    if (route.kind === 'document') {
      const loaded = readMarkdownPage(dir, route.source, problems);
      if (loaded) pages.push({ route, content: loaded.content, bodyHtml: loaded.bodyHtml });
      continue;
    }
    const schema = route.kind === 'device' ? devicePageSchema : pageSchema;
    const content = check<PageContent>(
      schema,
      readToml(dir, route.source, problems),
      route.source,
      problems,
    );
    if (content) pages.push({ route, content });
  }

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

  checkNoStrayFiles(dir, problems);
  checkUnique(pages, problems);
  if (site && menu && footer) {
    const links = collectLinks(site, menu, footer);
    for (const page of pages) {
      for (const match of page.bodyHtml?.matchAll(/href="([^"]*)"/g) ?? []) {
        links.push({ file: page.route.source, field: 'body', path: match[1] ?? '' });
      }
    }
    checkInternalLinks(links, problems);
  }
  if (site && site.copyright.start_year > site.copyright.end_year) {
    problems.add('content/site.toml', 'copyright.start_year', 'is after copyright.end_year');
  }

  if (problems.list.length > 0 || !site || !menu || !footer) {
    throw new ContentError(problems.list);
  }
  return { site, menu, footer, pages, media: [...media.values()] };
}

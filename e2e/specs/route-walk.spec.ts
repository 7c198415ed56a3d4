// Walks the whole site from the home page by following links, as a crawler would, and checks
// every page it reaches (issue #4): status 200, a unique title, a description of 50 to 160
// characters, one h1 and no skipped heading levels, every internal link and anchor resolving,
// and every image with alt text and dimensions. Plain HTTP against the real server.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { specRoutes } from '../helpers/spec-routes';

const base = inject('baseUrl');
const agents = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0',
  mobile: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36',
};

interface Page {
  path: string;
  status: number;
  html: string;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)) {
    found.set(match[1]!.toLowerCase(), match[2] ?? '');
  }
  return found;
}

/** The HTML between <body> and </body>, without scripts (island props hold JSON, not markup). */
function body(html: string): string {
  const inner = html.slice(html.indexOf('<body'), html.lastIndexOf('</body>'));
  return inner.replace(/<script\b[\s\S]*?<\/script>/g, '');
}

function links(html: string): string[] {
  return [...body(html).matchAll(/<a\b[^>]*>/g)].map((m) => attributes(m[0]).get('href') ?? '');
}

function decode(text: string): string {
  return text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>');
}

/** Follows every link on this site from /next/ (and the spec routes), breadth first. */
async function crawl(agent: string): Promise<Map<string, Page>> {
  const pages = new Map<string, Page>();
  const queue = ['/next/', ...specRoutes];
  while (queue.length) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await fetch(`${base}${path}`, {
      headers: { 'user-agent': agent },
      redirect: 'manual',
    });
    const html = await response.text();
    pages.set(path, { path, status: response.status, html });
    if (response.status !== 200) continue;
    for (const href of links(html)) {
      const target = decode(href).replace(/#.*$/, '');
      if (target.startsWith('/next/') && !target.startsWith('/next/assets/')) queue.push(target);
    }
  }
  return pages;
}

for (const [variant, agent] of Object.entries(agents)) {
  describe(`walking the ${variant} site`, () => {
    let pages: Map<string, Page>;
    beforeAll(async () => {
      pages = await crawl(agent);
    }, 120_000);

    it('reaches every spec route, the hardware overview, every news page and at least 8 articles', () => {
      const paths = [...pages.keys()];
      for (const path of [...specRoutes, '/next/device', '/next/notice/page/2']) {
        expect(paths, path).toContain(path);
      }
      const articles = paths.filter((p) => /^\/next\/notice\/(?!page\/)[a-z0-9-]+$/.test(p));
      expect(articles.length).toBeGreaterThanOrEqual(8);
    });

    it('finds every page with status 200: no link leads to a missing page', () => {
      const broken = [...pages.values()].filter((page) => page.status !== 200);
      expect(broken.map((page) => `${page.path} -> ${page.status}`)).toEqual([]);
    });

    it('gives every page its own title and a description of 50 to 160 characters', () => {
      const titles = new Map<string, string>();
      for (const { path, html } of pages.values()) {
        const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
        // Each edition titles its pages in its own language (issue #35), a guide screen's page
        // with the screen's name in the venue's data in that language.
        if (path.startsWith('/next/en/')) expect(title, path).not.toMatch(/[\u4e00-\u9fff]/);
        else expect(title, path).toMatch(/[\u4e00-\u9fff]/);
        expect(titles.get(title), `${path} has the title of ${titles.get(title)}`).toBeUndefined();
        titles.set(title, path);
        const description = decode(
          /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '',
        );
        expect(description.length, `${path}: ${description}`).toBeGreaterThanOrEqual(50);
        expect(description.length, `${path}: ${description}`).toBeLessThanOrEqual(160);
      }
    });

    it('gives every page one h1 and headings that never skip a level', () => {
      for (const { path, html } of pages.values()) {
        const levels = [...body(html).matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
        expect(
          levels.filter((level) => level === 1),
          path,
        ).toHaveLength(1);
        expect(levels[0], path).toBe(1);
        levels.forEach((level, index) => {
          if (index > 0) {
            expect(level, `${path}: h${levels[index - 1]} then h${level}`).toBeLessThanOrEqual(
              levels[index - 1]! + 1,
            );
          }
        });
      }
    });

    it('gives every image alt text and dimensions, and every diagram a title', () => {
      for (const { path, html } of pages.values()) {
        for (const match of body(html).matchAll(/<img\b[^>]*>/g)) {
          const img = attributes(match[0]);
          expect(img.get('alt')?.trim(), `${path}: ${match[0]}`).toBeTruthy();
          expect(Number(img.get('width')), `${path}: ${match[0]}`).toBeGreaterThan(0);
          expect(Number(img.get('height')), `${path}: ${match[0]}`).toBeGreaterThan(0);
        }
        for (const match of body(html).matchAll(/<svg\b[^>]*role="img"[^>]*>([\s\S]*?)<\/svg>/g)) {
          expect(match[1], path).toMatch(/<title[^>]*>[^<]+<\/title>/);
        }
      }
    });

    it('has every in-page anchor pointing at an element that exists', () => {
      for (const { path, html } of pages.values()) {
        for (const href of links(html)) {
          const [target, anchor] = decode(href).split('#');
          if (!anchor || !(target === '' || target?.startsWith('/next/'))) continue;
          const page = target ? pages.get(target) : pages.get(path);
          expect(page?.html, `${path} links to ${href}`).toContain(`id="${anchor}"`);
        }
      }
    });
  });
}

// Each rule of the content schema, broken once in a copy of the real content/, must stop the
// build with a message naming the file and the field.
import { cpSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table';
import { ContentError, loadContent, loadEditions } from './load';
import { editionPath, isLinkField } from './language';
import { repoContentDir } from '../testing/repo-content-dir';
import { editText, inScratchDir } from './venues/scratch-files';

const contentDir = repoContentDir;

function problemsAfter(mutate: (dir: string) => void): string[] {
  return inScratchDir('content-', (dir) => {
    cpSync(contentDir, dir, { recursive: true });
    mutate(dir);
    try {
      loadContent(dir);
      return [];
    } catch (error) {
      if (error instanceof ContentError) return error.problems;
      throw error;
    }
  });
}

describe('the real content', () => {
  it('loads, with a page for every route of the spec', () => {
    const content = loadContent(contentDir);
    const paths = content.pages.map((page) => page.route.path);
    expect(paths.slice(0, routeTable.length)).toEqual(routeTable.map((r) => r.path));
    // Then a guide-screen page per kiosk of the venues (issue #14), the news articles, newest
    // first, and the later pages of the news list.
    const kiosks = content.venues.list.flatMap((venue) => venue.summary.kiosks);
    const kioskPaths = paths.slice(routeTable.length, routeTable.length + kiosks.length);
    expect(kioskPaths).toEqual(kiosks.map((kiosk) => `/next/demo/kiosk/${kiosk.id}`));
    const rest = paths.slice(routeTable.length + kiosks.length);
    const articles = rest.filter((path) => !path.startsWith('/next/notice/page/'));
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(articles.every((path) => /^\/next\/notice\/[a-z0-9-]+$/.test(path))).toBe(true);
    expect(rest.slice(articles.length)).toEqual(['/next/notice/page/2']);
  });

  it('has the spec hotline and copyright years', () => {
    const { site } = loadContent(contentDir);
    expect(site.hotline.display).toBe('4000-999-023');
    expect(site.hotline.tel).toBe('4000999023');
    expect(site.hotline.hours).toBe('周一至周日 9:00-18:00');
    expect([site.copyright.start_year, site.copyright.end_year]).toEqual([2013, 2025]);
  });

  it('uses the spec menu entity shape and dropdown types', () => {
    const { menu } = loadContent(contentDir);
    expect(menu.entry.map((e) => e.type ?? null)).toEqual([
      null,
      'services',
      'case',
      'support',
      'support',
      null,
      null,
    ]);
  });
});

describe('the English edition', () => {
  const { zh, en } = loadEditions(contentDir);

  it('has a twin of every Chinese page at /next/en/..., in the same order', () => {
    expect(en.language).toBe('en');
    expect(en.pages.map((page) => page.route.path)).toEqual(
      zh.pages.map((page) => editionPath(page.route.path, 'en')),
    );
    expect(en.pages[0]?.route.path).toBe('/next/en/');
    expect(en.pages.map((page) => page.route.source)).toContain('en/pages/map.toml');
  });

  it('links in English pages stay in English: every internal address is an English page', () => {
    const english = new Set(en.pages.map((page) => page.route.path));
    const internal: string[] = [];
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        if (isLinkField(key) && value.startsWith('/')) internal.push(value);
        if (key === 'bodyHtml')
          for (const match of value.matchAll(/href="(\/[^"]*)"/g)) internal.push(match[1]!);
      } else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
      else if (value && typeof value === 'object')
        for (const [name, item] of Object.entries(value)) collect(item, name);
    };
    collect({ site: en.site, menu: en.menu, footer: en.footer, leads: en.leads });
    for (const page of en.pages) collect({ content: page.content, bodyHtml: page.bodyHtml });
    expect(internal.length).toBeGreaterThan(100);
    const outside = internal.filter((path) => !english.has(path.replace(/[#?].*$/, '')));
    expect(outside).toEqual([]);
    expect(en.menu.entry[0]?.path).toBe('/next/en/');
  });

  it("shares the Chinese edition's venues and pictures, with the demo's words its own", () => {
    expect(en.venues.list).toBe(zh.venues.list);
    expect(en.venues.words.launcher).not.toEqual(zh.venues.words.launcher);
    const map = (edition: typeof zh) =>
      edition.pages.find((page) => page.route.path.endsWith('/map'))?.heroImage?.url;
    expect(map(en)).toBe(map(zh));
  });
});

describe('content errors name file and field', () => {
  it('missing title', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'pages/map.toml', (t) => t.replace(/^title = .*$/m, '')),
    );
    expect(problems).toEqual([expect.stringMatching(/^content\/pages\/map\.toml: meta\.title: /)]);
  });

  it('description too short', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'devices/1.toml', (t) =>
        t.replace(/^description = .*$/m, 'description = "太短了"'),
      ),
    );
    expect(problems).toEqual([
      'content/devices/1.toml: meta.description: must be at least 50 characters',
    ]);
  });

  it('a field name with a typo', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'pages/home.toml', (t) => t.replace('[hero]\nheading', '[hero]\nheadline')),
    );
    expect(problems.join('\n')).toMatch(/content\/pages\/home\.toml: hero/);
    expect(problems.join('\n')).toMatch(/headline/);
  });

  it('menu link to a page that does not exist', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'menu.toml', (t) => t.replace('path = "/next/route"', 'path = "/next/routes"')),
    );
    expect(problems).toEqual([
      'content/menu.toml: entry[1].children[2].path: links to /next/routes, which is not a page of this site',
    ]);
  });

  it('device id that does not exist', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'footer.toml', (t) => t.replace('/next/device/10"', '/next/device/11"')),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/footer\.toml: column\[2\]\.links\[4\]\.path: links to \/next\/device\/11,/,
      ),
    ]);
  });

  it('external link key that config does not have', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'menu.toml', (t) =>
        t.replace('path = "link:sdk_ios"', 'path = "link:sdk_windows"'),
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/menu\.toml: entry\[3\]\.children\[3\]\.path: must be .*sdk_harmonyos/,
      ),
    ]);
  });

  it('dropdown without children', () => {
    const problems = problemsAfter((dir) =>
      writeFileSync(
        join(dir, 'menu.toml'),
        '[[entry]]\nname = "首页"\npath = "/next/"\n\n[[entry]]\nname = "产品服务"\ntype = "services"\n',
      ),
    );
    expect(problems).toEqual([
      'content/menu.toml: entry[1].children: a dropdown entry (with type) needs children',
    ]);
  });

  it('two pages with the same title', () => {
    const title = /^title = .*$/m.exec(
      readFileSync(join(contentDir, 'pages/map.toml'), 'utf8'),
    )?.[0];
    const problems = problemsAfter((dir) =>
      editText(dir, 'pages/route.toml', (t) => t.replace(/^title = .*$/m, title ?? '')),
    );
    expect(problems).toEqual([
      'content/pages/route.toml: meta.title: is the same as in content/pages/map.toml; every page needs its own',
    ]);
  });

  it('a page file missing and a file no route uses', () => {
    const problems = problemsAfter((dir) => {
      unlinkSync(join(dir, 'devices/3.toml'));
      writeFileSync(join(dir, 'pages/mapp.toml'), readFileSync(join(dir, 'pages/map.toml')));
    });
    expect(problems).toContain('content/devices/3.toml: file is missing');
    expect(problems).toContain(
      'content/pages/mapp.toml: no page of the route table (web/src/content/route-table.ts) uses this file; check its name',
    );
  });

  it('TOML that does not parse', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'site.toml', (t) => t.replace('[hotline]', '[hotline')),
    );
    expect(problems).toEqual([expect.stringMatching(/^content\/site\.toml: not valid TOML: /)]);
  });

  it('Markdown body with its own h1', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'pages/privacy.md', (t) => t.replace(/\n## /, '\n# ')),
    );
    expect(problems).toEqual([
      'content/pages/privacy.md: body: use ## and ### headings only; the page already has its h1 from hero.heading',
    ]);
  });

  it('picture without alt text', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'devices/2.toml', (t) => t.replace(/^alt = .*$/m, 'alt = ""')),
    );
    expect(problems).toEqual([
      'content/devices/2.toml: hero.image.alt: describe what the picture shows (at least 4 characters)',
    ]);
  });

  it('picture file missing, or not a PNG or JPEG', () => {
    const problems = problemsAfter((dir) => {
      editText(dir, 'devices/3.toml', (t) =>
        t.replace('images/devices/3.png', 'images/devices/30.png'),
      );
      writeFileSync(join(dir, 'images/devices/4.png'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      editText(dir, 'devices/5.toml', (t) =>
        t.replace('images/devices/5.png', 'images/devices/5.gif'),
      );
    });
    expect(problems).toEqual([
      'content/devices/5.toml: hero.image.src: must be a .png or .jpg file under content/images/, e.g. images/devices/1.png',
      'content/devices/3.toml: hero.image.src: content/images/devices/30.png does not exist',
      'content/devices/4.toml: hero.image.src: content/images/devices/4.png is not a PNG or JPEG file',
    ]);
  });

  it('device naming a solution that does not exist, or with too few features', () => {
    const problems = problemsAfter((dir) => {
      editText(dir, 'devices/4.toml', (t) =>
        t.replace(/^related_solutions = \[/m, 'related_solutions = ["airport", '),
      );
      editText(dir, 'devices/7.toml', (t) =>
        t.replace(
          /\[\[features\]\][\s\S]*?(?=\[specs\])/,
          '[[features]]\ntitle = "唯一特点"\ntext = "只写了一条特点的设备页。"\n\n',
        ),
      );
    });
    expect(problems).toEqual([
      expect.stringMatching(
        /^content\/devices\/4\.toml: related_solutions\[0\]: must be one of businessProposal, /,
      ),
      expect.stringMatching(/^content\/devices\/7\.toml: features: give at least 3 features$/),
    ]);
  });

  it('service naming a device that does not exist, and a home card linking nowhere', () => {
    const problems = problemsAfter((dir) => {
      editText(dir, 'pages/locate.toml', (t) =>
        t.replace(/^related_devices = \[\d+/m, 'related_devices = [12'),
      );
      editText(dir, 'pages/home.toml', (t) =>
        t.replace('path = "/next/map"', 'path = "/next/maps"'),
      );
    });
    expect(problems).toEqual([
      'content/pages/locate.toml: related_devices[0]: must be a device id, one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
      expect.stringMatching(
        /^content\/pages\/home\.toml: services\.items\[0\]\.path: links to \/next\/maps, which is not a page/,
      ),
    ]);
  });

  it('solution using a service that does not exist, with a diagram label too long to draw', () => {
    const problems = problemsAfter((dir) =>
      editText(dir, 'solutions/scenic.toml', (t) =>
        t
          .replace(/^service = ".*"$/m, 'service = "teleport"')
          .replace(/^name = ".*"$/m, 'name = "一个长得放不进图里的层名"'),
      ),
    );
    expect(problems).toEqual([
      'content/solutions/scenic.toml: architecture.layers[0].name: keep layer names to 8 Chinese characters or 16 letters',
      expect.stringMatching(
        /^content\/solutions\/scenic\.toml: capabilities\[0\]\.service: must be one of map, /,
      ),
    ]);
  });

  it('news article with a bad file name, a bad date, or a link to a missing page', () => {
    const problems = problemsAfter((dir) => {
      const [first, second] = readdirSync(join(dir, 'news')).sort();
      const article = readFileSync(join(dir, 'news', first!), 'utf8');
      writeFileSync(join(dir, 'news', 'Bad Name.md'), article);
      editText(dir, `news/${first}`, (t) => t.replace(/^date = ".*"$/m, 'date = "2025-6-1"'));
      editText(dir, `news/${second}`, (t) =>
        t.replace(/\n\+\+\+\n/, '\n+++\n\n[失效链接](/next/nowhere)\n'),
      );
    });
    expect(problems).toEqual([
      'content/news/Bad Name.md: news files are named <slug>.md with lowercase letters, digits and hyphens (not "page")',
      expect.stringMatching(
        /^content\/news\/[a-z0-9-]+\.md: date: must be a date like 2025-06-01$/,
      ),
      expect.stringMatching(
        /^content\/news\/[a-z0-9-]+\.md: body: links to \/next\/nowhere, which is not a page/,
      ),
    ]);
  });

  it('every problem in one run', () => {
    const problems = problemsAfter((dir) => {
      editText(dir, 'pages/map.toml', (t) => t.replace(/^title = .*$/m, ''));
      editText(dir, 'pages/nav.toml', (t) => t.replace(/^title = .*$/m, ''));
    });
    expect(problems).toHaveLength(2);
  });
});

// The prerender's part of the enquiry contract (issue #6, docs/enquiries.md sections 3 and 4), run
// for real over content/ into a scratch dist/: manifest version 7 with its `leads` section, the
// no-JavaScript form templates, the sales page and the thank-you page.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderIsland } from '../src/islands/render';
import { repoContentDir } from '../src/testing/repo-content-dir';
import { manifestVersion, prerender } from './prerender';

const repoRoot = join(import.meta.dirname, '../..');
let distDir = '';
let manifest: Awaited<ReturnType<typeof prerender>>;
// Holds the text of a server placeholder, as the runtime's defaults do, and loads a chunk later.
const firstFrameScript =
  'const key = (k) => `%%SITE:${k}%%`; const plan = () => import(`./plan.js`); hydrate();export{key as k};';
const plannerChunk = 'import{k}from"./first-frame.js";export const plan=()=>k;';
const read = (file: string) => readFileSync(join(distDir, file), 'utf8');

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'dist-'));
  // What the client build leaves for the prerender: Vite's manifest of entries.
  mkdirSync(join(distDir, 'client/.vite'), { recursive: true });
  const chunk = (file: string, imports: string[] = []) => ({ file, imports });
  writeFileSync(
    join(distDir, 'client/.vite/manifest.json'),
    JSON.stringify({
      'src/styles/site.css': chunk('assets/site.css'),
      'src/styles/markdown.css': chunk('assets/markdown.css'),
      'src/entry-client.tsx': chunk('assets/entry-client.js', ['_hydrate.js', '_lead-form.js']),
      'src/entry-lead-form.tsx': chunk('assets/entry-lead-form.js', [
        '_hydrate.js',
        '_lead-form.js',
      ]),
      'src/entry-admin.tsx': chunk('assets/entry-admin.js', ['_hydrate.js']),
      'src/entry-demo.tsx': chunk('assets/entry-demo.js', ['_hydrate.js']),
      '_hydrate.js': chunk('assets/hydrate.js'),
      '_lead-form.js': chunk('assets/lead-form.js'),
      'src/demo/viewer/viewer.tsx': {
        ...chunk('assets/viewer.js', ['_hydrate.js']),
        css: ['assets/viewer.css'],
      },
    }),
  );
  mkdirSync(join(distDir, 'client/assets'), { recursive: true });
  writeFileSync(join(distDir, 'client/assets/site.css'), 'body{margin:0}');
  // The first-frame build: the page's script, a chunk it loads later, one stylesheet
  // (vite.config.ts).
  const firstFrameDir = join(distDir, 'first-frame');
  mkdirSync(join(firstFrameDir, '.vite'), { recursive: true });
  mkdirSync(join(firstFrameDir, 'assets'), { recursive: true });
  writeFileSync(
    join(firstFrameDir, '.vite/manifest.json'),
    JSON.stringify({
      'src/entry-first-frame.tsx': { ...chunk('assets/first-frame.js'), isEntry: true },
      'src/demo/modes/plan/plan-parts.ts': chunk('assets/plan.js'),
      'style.css': chunk('assets/style.css'),
    }),
  );
  writeFileSync(join(firstFrameDir, 'assets/first-frame.js'), firstFrameScript);
  writeFileSync(join(firstFrameDir, 'assets/plan.js'), plannerChunk);
  writeFileSync(join(firstFrameDir, 'assets/style.css'), '.demo{color:red}');
  manifest = await prerender({
    contentDir: repoContentDir,
    distDir,
    repoRoot,
    renderIsland,
    firstFrameDir,
  });
}, 120_000);

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe('the English edition (issue #35)', () => {
  const pageAt = (path: string) => manifest.pages.find((page) => page.path === path)!;

  it('writes a twin of every Chinese page at /next/en/..., both with symmetric hreflang links', () => {
    const chinese = manifest.pages.filter((page) => !page.path.startsWith('/next/en/'));
    const english = manifest.pages.filter((page) => page.path.startsWith('/next/en/'));
    expect(english.length).toBe(chinese.length);
    for (const page of chinese) {
      const twin = pageAt(page.path.replace(/^\/next\//, '/next/en/'));
      const links = [
        { hreflang: 'zh-Hans', path: page.path },
        { hreflang: 'en', path: twin.path },
        { hreflang: 'x-default', path: page.path },
      ];
      expect(page.alternates).toEqual(links);
      expect(twin.alternates).toEqual(links);
      expect(twin.index).toBe(page.index);
    }
  });

  it('writes each page in its language, with its alternates and the switch to its twin', () => {
    for (const [path, lang, twin, name] of [
      ['/next/map', 'zh-CN', '/next/en/map', 'English'],
      ['/next/en/map', 'en', '/next/map', '中文'],
      ['/next/en/', 'en', '/next/', '中文'],
    ] as const) {
      const { files } = pageAt(path);
      for (const file of [files.desktop_international, files.mobile]) {
        const html = read(file);
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(
          `<link rel="alternate" hrefLang="x-default" href="%%SITE:origin%%/next/`,
        );
        const switchLink = new RegExp(
          `<a class="[^"]*" href="${twin}" hrefLang="[^"]+" lang="[^"]+">${name}</a>`,
        );
        expect(html).toMatch(switchLink);
      }
    }
    const english = read(pageAt('/next/en/map').files.desktop_international);
    expect(english).toContain('<title>Indoor Maps');
    expect(english).toContain('href="/next/en/locate"');
  });

  it('has a 404 page per edition, the English one in English with its links in English', () => {
    const { not_found } = JSON.parse(read('manifest.json')) as {
      not_found: Record<string, Record<string, string>>;
    };
    expect(Object.keys(not_found).sort()).toEqual(['en', 'zh-Hans']);
    const chinese = read(not_found['zh-Hans']!.desktop_international!);
    expect(chinese).toContain('<html lang="zh-CN">');
    const english = read(not_found.en!.desktop_international!);
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<title>Page not found');
    expect(english).toContain('class="button button--primary" href="/next/en/"');
  });
});

describe('manifest.json for enquiries', () => {
  it('has the leads section of contract section 3', () => {
    expect(manifest.version).toBe(9);
    expect(manifestVersion).toBe(9);
    const written = JSON.parse(read('manifest.json')) as typeof manifest;
    expect(written.leads.admin_page).toBe('admin/leads.html');
    expect(Object.keys(written.leads.forms)).toEqual(['zh-Hans', 'en']);
    const leads = written.leads.forms['zh-Hans']!;
    expect(leads.form_path).toBe('/next/business');
    expect(leads.thanks_path).toBe('/next/business/thanks');
    expect(Object.keys(leads.form_template).sort()).toEqual([
      'desktop_china',
      'desktop_international',
      'mobile',
    ]);
    expect(leads.scenarios).toHaveLength(12);
    expect(leads.scenarios).toContainEqual({ value: 'businessPark', label: '产业园区' });
    expect(leads.scenarios.at(-1)).toEqual({ value: 'other', label: '其他场景' });
    expect(leads.products).toHaveLength(26);
    expect(leads.products).toContainEqual({
      value: 'service:map',
      label: '地图服务',
      group: '产品服务',
    });
    expect(leads.products).toContainEqual({
      value: 'device:1',
      label: 'Smart Beacon 智能信标',
      group: '智能硬件',
    });
    expect(leads.labels.phone).toBe('电话');
    expect(leads.statuses).toEqual({ new: '新线索', contacted: '已联系', closed: '已关闭' });
    expect(Object.keys(leads.variants).sort()).toEqual([
      'desktop-china',
      'desktop-international',
      'mobile',
    ]);
  });

  it('has the English form at its own pages, with the same choices named in English', () => {
    const { 'zh-Hans': chinese, en: english } = manifest.leads.forms;
    expect(english!.form_path).toBe('/next/en/business');
    expect(english!.thanks_path).toBe('/next/en/business/thanks');
    expect(english!.scenarios.map((choice) => choice.value)).toEqual(
      chinese!.scenarios.map((choice) => choice.value),
    );
    expect(english!.scenarios).toContainEqual({ value: 'other', label: 'Other' });
    expect(english!.messages.phone).toContain('+44');
    for (const file of Object.values(english!.form_template)) {
      const html = read(file);
      expect(html).toContain('<html lang="en"');
      expect(html.split('%%LEAD:alert%%')).toHaveLength(2);
    }
  });

  it('has every message with {hotline} already replaced by the number', () => {
    const { messages } = manifest.leads.forms['zh-Hans']!;
    expect(Object.keys(messages).sort()).toEqual(
      [
        'required',
        'too_long',
        'phone',
        'email',
        'choice',
        'consent',
        'summary',
        'bot',
        'rate_limited',
        'too_large',
        'unsupported_type',
        'unavailable',
        'busy',
        'cross_site',
        'network',
        'notification_title',
        'notification_english',
      ].sort(),
    );
    for (const [key, message] of Object.entries(messages)) {
      expect(message, key).not.toContain('{hotline}');
    }
    expect(messages.unavailable).toContain('4000-999-023');
    expect(messages.summary).toContain('{count}');
  });

  it('writes a template per variant with every marker, listed apart from the pages', () => {
    for (const file of Object.values(manifest.leads.forms['zh-Hans']!.form_template)) {
      const html = read(file);
      expect(html.split('%%LEAD:alert%%')).toHaveLength(2);
      expect(html.split('%%LEAD:value:page%%')).toHaveLength(2);
      expect(html.split('data-lead-checked="consent"')).toHaveLength(2);
      for (const { value } of manifest.leads.forms['zh-Hans']!.products) {
        expect(html.split(`data-lead-selected="product:${value}"`)).toHaveLength(2);
      }
      expect(html).toContain('<form id="lead-form"');
      expect(manifest.pages.some((page) => Object.values(page.files).includes(file))).toBe(false);
    }
    // The page itself carries no markers.
    const business = manifest.pages.find((page) => page.path === '/next/business')!;
    for (const file of Object.values(business.files)) {
      expect(read(file)).not.toContain('%%LEAD:');
      expect(read(file)).not.toContain('data-lead-');
    }
  });

  it('gives the mobile business page the form script, demo pages the launcher, others none', () => {
    const mobile = (path: string) =>
      read(manifest.pages.find((page) => page.path === path)!.files.mobile);
    expect(mobile('/next/business')).toContain('src="/next/assets/entry-lead-form.js"');
    expect(mobile('/next/business')).not.toContain('entry-client');
    for (const path of ['/next/map', '/next/findcar', '/next/locate', '/next/demo']) {
      expect(mobile(path)).toContain('src="/next/assets/entry-demo.js"');
      expect(mobile(path)).not.toContain('entry-client');
    }
    expect(mobile('/next/passenger')).not.toContain('<script type="module"');
  });

  it('lists the thank-you page, not indexed', () => {
    const thanks = manifest.pages.find((page) => page.path === '/next/business/thanks');
    expect(thanks?.index).toBe(false);
    expect(read(thanks!.files.desktop_international)).toContain(
      '<meta name="robots" content="noindex"/>',
    );
  });

  it('writes the sales page: standalone, noindex, the admin script only', () => {
    const html = read(manifest.leads.admin_page);
    expect(html).toMatch(/^<!doctype html><html lang="zh-CN">/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('data-island="lead-admin"');
    expect(html).toContain('src="/next/assets/entry-admin.js"');
    expect(html).not.toContain('site-header');
    expect(html).not.toContain('%%SITE:');
    expect(manifest.pages.some((page) => page.path.startsWith('/admin'))).toBe(false);
  });
});

describe('manifest.json for the live demo (issue #14)', () => {
  it('lists every venue with its files under dist/venues/, which stay out of `files`', () => {
    const { venues } = JSON.parse(read('manifest.json')) as typeof manifest;
    expect(venues.list.length).toBeGreaterThanOrEqual(2);
    for (const venue of venues.list) {
      expect(JSON.parse(read(venue.summary['zh-Hans']!)).id).toBe(venue.id);
      // The English summary names the venue by its English label.
      expect(JSON.parse(read(venue.summary.en!)).name).not.toMatch(/\p{Script=Han}/u);
      expect(read(`${venue.imdf_dir}/unit.geojson`)).not.toMatch(/\n/);
      // Both demo venues have positioning devices (issue #17), beside the IMDF files.
      expect(venue.infrastructure).toBe(`venues/${venue.id}/infrastructure.geojson`);
      expect(JSON.parse(read(venue.infrastructure!)).features.length).toBeGreaterThan(0);
      for (const level of venue.levels) {
        for (const file of Object.values(level.file)) {
          expect(JSON.parse(read(file)).short).toBe(level.short_name);
          expect(read(`${file}.gz`).length).toBeGreaterThan(0);
          expect(read(`${file}.br`).length).toBeGreaterThan(0);
        }
      }
    }
    // The pictures of the levels behind the demo's button are assets; the data is not.
    const listed = manifest.files.filter((f) => f.file.includes('venues/'));
    expect(
      listed.every((f) =>
        /^client\/assets\/venues\/[a-z0-9-]+-\w+-[0-9a-f]{10}\.svg$/.test(f.file),
      ),
    ).toBe(true);
    expect(Object.keys(venues.words).sort()).toEqual(['en', 'zh-Hans']);
    for (const words of Object.values(venues.words)) {
      expect(Object.keys(words).sort()).toEqual([
        'api_errors',
        'api_reasons',
        'categories',
        'groups',
        'steps',
      ]);
    }
    expect(venues.words.en!.api_errors.venue_unknown).toMatch(/^[^\u4e00-\u9fff]+$/);
  });
});

describe('the demo page of a hand-over address (issue #34)', () => {
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('writes the phone page with the stylesheets and the script inside, allowed by their hashes', () => {
    const entry = manifest.first_frame;
    const chinese = entry.pages['zh-Hans']!;
    expect(chinese.path).toBe('/next/demo');
    const html = read(chinese.files.mobile);
    const style = /<style>(.*?)<\/style>/s.exec(html)?.[1];
    const script = /<script type="module" async="">(.*?)<\/script>/s.exec(html)?.[1];
    expect(style).toBe('body{margin:0}.demo{color:red}');
    // The server fills %%SITE:…%% in pages: the script's own text is escaped, the same string.
    expect(script).toBe(
      'const key = (k) => `%%SITE\\x3a${k}%%`; const plan = () => import(`/next/assets/plan.js`); ' +
        'hydrate();globalThis.__siteFirstFrame={"k":key};',
    );
    expect(entry.style_hashes).toEqual([sha256(style!)]);
    expect(entry.script_hashes).toEqual([sha256(script!)]);
    expect(html).not.toContain('rel="stylesheet"');
    // The viewer starts at once: no picture of the level to fetch before it.
    expect(html).not.toContain('venue-demo__preview');
    expect(html).toContain('"starting":true');
    expect(html).not.toMatch(/<script type="module" src=/);
    // The chunk it loads later is served beside the client build's, and its import of the
    // page's script is answered by a module of that script's name.
    const urls = (JSON.parse(read('manifest.json')) as typeof manifest).files.map((f) => f.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/next/assets/plan.js', '/next/assets/first-frame.js']),
    );
    expect(read('client/assets/plan.js')).toBe(plannerChunk);
    expect(read('client/assets/first-frame.js')).toContain('globalThis.__siteFirstFrame');
    // The frame's place is last: the script before it starts while the frame still arrives.
    expect(html).toMatch(
      /<script type="module" async="">[^<]*<\/script><script type="application\/json" id="demo-first-frame">%%FIRST-FRAME%%<\/script><\/body><\/html>$/,
    );
  });

  it('writes the desktop pages with the viewer preloaded and the same place for the frame', () => {
    const html = read(manifest.first_frame.pages['zh-Hans']!.files.desktop_china);
    expect(html).toContain('<link rel="modulepreload" href="/next/assets/viewer.js"/>');
    expect(html).toContain('<link rel="preload" as="style" href="/next/assets/viewer.css"/>');
    expect(html).toContain('id="demo-first-frame">%%FIRST-FRAME%%</script>');
    // The page the demo's address is answered with otherwise is unchanged.
    expect(
      read(manifest.pages.find((page) => page.path === '/next/demo')!.files.desktop_china),
    ).not.toContain('demo-first-frame');
  });

  it('writes the English demo page as the English hand-over page, with the same inline parts', () => {
    const { 'zh-Hans': chinese, en: english } = manifest.first_frame.pages;
    expect(english!.path).toBe('/next/en/demo');
    const html = read(english!.files.mobile);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('id="demo-first-frame">%%FIRST-FRAME%%</script>');
    const script = (page: string) =>
      /<script type="module" async="">(.*?)<\/script>/s.exec(page)?.[1];
    expect(script(html)).toBe(script(read(chinese!.files.mobile)));
  });
});

describe('manifest.json for the image endpoint (issue #16)', () => {
  it('lists exactly the qualities the pages request, since the server refuses any other', () => {
    const { images } = JSON.parse(read('manifest.json')) as typeof manifest;
    const requested = new Set<number>();
    for (const page of manifest.pages) {
      for (const file of Object.values(page.files)) {
        for (const [, q] of read(file).matchAll(/\/_next\/image\?[^"\s]*?&(?:amp;)?q=(\d+)/g)) {
          requested.add(Number(q));
        }
      }
    }
    expect(requested.size).toBeGreaterThan(0);
    expect([...requested].sort((a, b) => a - b)).toEqual(images.qualities);
  });
});

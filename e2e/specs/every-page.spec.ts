// Every page of the build in Chromium, each opened once per screen, with its Content-Security-
// Policy in force.
// - On a desktop (1440 px), every page, the 404 pages and the China site's pages: the islands
//   hydrate with a clean console (failed requests, CSP violations and script errors land there)
//   and adopt the server's markup as it is, each island's DOM afterwards exactly the HTML the
//   server sent; every image follows the picture rules (helpers/images.ts); no horizontal scroll
//   and no axe-core violation of serious or critical impact (issue #4's quality bars).
// - On a phone (375 px): no horizontal scroll and no serious axe violation either.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import {
  chinaHost,
  desktopUserAgent,
  iphoneUserAgent,
  useBrowser,
  waitForHydration,
  watchConsole,
  type ConsoleLog,
} from '../helpers/browser';
import { imageProblems, isShownPreload, shownPictures, type ShownPicture } from '../helpers/images';
import { forEachConcurrently } from '../helpers/pool';

const base = inject('baseUrl');
const port = inject('port');
const browser = useBrowser();
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../dist/manifest.json', import.meta.url)), 'utf8'),
) as { pages: { path: string }[] };
const paths = manifest.pages.map((page) => page.path);
/** An unknown address in each edition: each gets its own 404 page (issue #35). */
const notFound = [`${base}/next/device/11`, `${base}/next/en/device/11`];

// The pages with a [section] of that name: the live demo (issues #14 and #17) on service pages in
// content/pages and on hardware pages in content/devices; the upload form (issue #32).
const withSection = (dir: string, route: string, section: string) => {
  const path = fileURLToPath(new URL(`../../content/${dir}/`, import.meta.url));
  return readdirSync(path)
    .filter((file) => file.endsWith('.toml'))
    .filter((file) => readFileSync(`${path}${file}`, 'utf8').split('\n').includes(`[${section}]`))
    .map((file) => `${route}${file.replace(/\.toml$/, '')}`);
};
const demoPaths = new Set([
  ...withSection('pages', '/next/', 'demo'),
  ...withSection('devices', '/next/device/', 'demo'),
]);
/** Pages with the upload form for a visitor's building (issue #32), one island more. */
const uploadPaths = new Set(withSection('pages', '/next/', 'upload'));

/** How far the page is wider than its window, as a problem; none when it fits. */
async function overflowProblems(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  return overflow > 0 ? [`${where}: ${overflow} px wider than the screen`] : [];
}

/** A tab of the sweep: its console, and the pictures each page it opened showed. */
interface Tab {
  page: Page;
  console: ConsoleLog;
  shown: Map<string, ShownPicture[]>;
}

/**
 * The tab's console messages since the last call, each under the page it came from, less the
 * preloads that page showed. A page's unused preload is reported a few seconds after its load
 * event, which may be after the tab has moved on to the next page.
 */
function consoleProblems({ console, shown }: Tab): string[] {
  const problems = console.entries
    .filter(({ text, page }) => !isShownPreload(text, shown.get(page) ?? []))
    .map(({ text, page }) => `${page}: ${text}`);
  console.entries.length = 0;
  return problems;
}

// Each test's bound is for a hang, not for speed: the desktop pass takes about 55 s alone here,
// 80-100 s beside the rest of scripts/test, and took 213 s on CI's host (2026-12-02).
describe('every page', () => {
  it(`on a desktop (1440 px), all ${paths.length}, the 404 pages and the China site: hydrated as served, pictures, no scroll, no serious axe violation`, async () => {
    const urls = [
      ...paths.map((path) => `${base}${path}`),
      ...notFound,
      `http://${chinaHost}:${port}/next/`,
      `http://${chinaHost}:${port}/next/notice`,
    ];
    const problems: string[] = [];
    let rasters = 0;
    // Three tabs of one visitor, each opening page after page: much of a load is waiting
    // (network, idle callbacks, hydration), which another tab can use. A fresh browser context
    // per page cost three times the CPU (a new renderer process with cold caches each time) and
    // tests nothing more: the site keeps no state in the browser (no storage, no cookies).
    const context = await browser().newContext({
      userAgent: desktopUserAgent,
      viewport: { width: 1440, height: 900 },
    });
    const tabs = await Promise.all(
      [1, 2, 3].map(async (): Promise<Tab> => {
        const page = await context.newPage();
        return { page, console: watchConsole(page), shown: new Map() };
      }),
    );
    await forEachConcurrently(urls, tabs, async (url, tab) => {
      const { page } = tab;
      const response = await page.goto(url, { waitUntil: 'load' });
      if (!response) throw new Error(`no response for ${url}`);
      const expected = notFound.includes(url) ? 404 : 200;
      if (response.status() !== expected) problems.push(`${url}: status ${response.status()}`);
      const served = await response.text();
      await waitForHydration(page);
      // The business page adds the enquiry form to the header menu and the floating tool; the
      // demo page, its kiosk views and the service pages it proves add the live demo.
      // An English page has its Chinese twin's islands (issue #35).
      const path = new URL(url).pathname.replace(/^\/next\/en\//, '/next/');
      const islands =
        (path === '/next/business' || demoPaths.has(path) || path.startsWith('/next/demo/')
          ? 3
          : 2) + (uploadPaths.has(path) ? 1 : 0);
      expect(await page.locator('[data-island]').count(), url).toBe(islands);
      const changed = await page.evaluate((html) => {
        const sent = new DOMParser().parseFromString(html, 'text/html');
        return [...document.querySelectorAll<HTMLElement>('[data-island]')]
          .filter((live) => {
            const original = sent.querySelector(`[data-island="${live.dataset.island}"]`);
            // The one intended change: enquiry forms turn off the browser's own validation
            // once the island validates them itself.
            const adopted = live.innerHTML.replaceAll(' novalidate=""', '');
            return original?.innerHTML !== adopted;
          })
          .map((live) => live.dataset.island);
      }, served);
      expect(changed, url).toEqual([]);
      const pictures = await imageProblems(page, url);
      problems.push(...pictures.problems);
      rasters += pictures.rasters;
      problems.push(...(await overflowProblems(page, url)));
      for (const violation of await seriousViolations(page)) problems.push(`${url}: ${violation}`);
      // Errors from effects are reported asynchronously; give them a moment.
      await page.waitForTimeout(50);
      tab.shown.set(page.url(), await shownPictures(page));
      problems.push(...consoleProblems(tab));
    });
    // The last pages' unused preloads, reported 3 s after their load events.
    await tabs[0]?.page.waitForTimeout(3_500);
    for (const tab of tabs) problems.push(...consoleProblems(tab));
    await context.close();
    expect(problems.sort()).toEqual([]);
    // Home and the ten device pages have pictures today; the check must have seen them.
    expect(rasters).toBeGreaterThanOrEqual(11);
  }, 600_000);

  it(`on a phone (375 px), all ${paths.length}: no horizontal scroll and no serious axe violation`, async () => {
    const context = await browser().newContext({
      viewport: { width: 375, height: 812 },
      userAgent: iphoneUserAgent,
    });
    const tabs = await Promise.all([context.newPage(), context.newPage()]);
    const problems: string[] = [];
    await forEachConcurrently(paths, tabs, async (path, page) => {
      const response = await page.goto(`${base}${path}`);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      problems.push(...(await overflowProblems(page, path)));
      for (const violation of await seriousViolations(page)) problems.push(`${path}: ${violation}`);
    });
    await context.close();
    expect(problems.sort()).toEqual([]);
  }, 600_000);
});

// Every pre-rendered page hydrates its islands in Chromium with a clean console (failed requests,
// CSP violations and script errors land there), and hydration adopts the server's markup as it
// is: each island's DOM afterwards is exactly the HTML the server sent.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { chinaHost, openPage, waitForHydration, useBrowser } from '../helpers/browser';
import { forEachConcurrently } from '../helpers/pool';

const base = inject('baseUrl');
const port = inject('port');
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../dist/manifest.json', import.meta.url)), 'utf8'),
) as { pages: { path: string }[] };
const browser = useBrowser();

// The pages with a [demo] section (issues #14 and #17): service pages in content/pages, hardware
// pages in content/devices.
const withDemo = (dir: string, route: string) => {
  const path = fileURLToPath(new URL(`../../content/${dir}/`, import.meta.url));
  return readdirSync(path)
    .filter((file) => file.endsWith('.toml'))
    .filter((file) => /^\[demo\]$/m.test(readFileSync(`${path}${file}`, 'utf8')))
    .map((file) => `${route}${file.replace(/\.toml$/, '')}`);
};
const demoPaths = new Set([
  ...withDemo('pages', '/next/'),
  ...withDemo('devices', '/next/device/'),
]);

describe('hydration', () => {
  it('every page and the 404 page hydrate without a warning, on both sites', async () => {
    const urls = [
      ...manifest.pages.map((page) => `${base}${page.path}`),
      `${base}/next/device/11`,
      `http://${chinaHost}:${port}/next/`,
      `http://${chinaHost}:${port}/next/notice`,
    ];
    const problems: string[] = [];
    // Three pages at a time.
    await forEachConcurrently(urls, [1, 2, 3], async (url) => {
      const { page, context, console, response } = await openPage(browser(), url);
      const served = await response.text();
      await waitForHydration(page);
      // The business page adds the enquiry form to the header menu and the floating tool; the
      // demo page, its kiosk views and the service pages it proves add the live demo.
      const path = new URL(url).pathname;
      const islands =
        path === '/next/business' || demoPaths.has(path) || path.startsWith('/next/demo/') ? 3 : 2;
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
      // Errors from effects are reported asynchronously; give them a moment.
      await page.waitForTimeout(50);
      problems.push(...console.messages.map((message) => `${url}: ${message}`));
      await context.close();
    });
    expect(problems.sort()).toEqual([]);
  }, 300_000);
});

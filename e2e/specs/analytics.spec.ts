// Statistics scripts (spec section 7, issue #5): absent when none is configured; when configured,
// fetched only after the page's load event, allowed by the Content-Security-Policy for exactly
// their hosts, on desktop and on the script-free mobile page alike. The third-party hosts are
// stood in for by the browser's request routing; the site is a second real server with a config
// file naming two scripts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { desktopUserAgent, iphoneUserAgent, useBrowser } from '../helpers/browser';
import { get } from '../helpers/http';
import { type RunningSite, startSite } from '../helpers/server';

const scripts = ['https://hm.stats-one.test/hm.js?e2e', 'https://cdn.stats-two.test/s.js'];
const browser = useBrowser();

describe('statistics scripts', () => {
  let site: RunningSite;
  let configDir: string;

  beforeAll(async () => {
    configDir = mkdtempSync(join(tmpdir(), 'site-analytics-'));
    const configFile = join(configDir, 'site.toml');
    writeFileSync(
      configFile,
      scripts.map((src) => `[[analytics.scripts]]\nsrc = "${src}"\n`).join('\n'),
    );
    site = await startSite({ SITE_CONFIG: configFile });
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('are absent when none is configured', async () => {
    const { text: html, headers } = await get(inject('baseUrl'), '/next/');
    expect(html).not.toContain('analytics');
    const csp = String(headers['content-security-policy']);
    expect(csp).not.toContain('stats-one');
  });

  for (const [device, userAgent] of [
    ['desktop', desktopUserAgent],
    ['mobile', iphoneUserAgent],
  ] as const) {
    it(`load after the load event on ${device}, allowed by the CSP for their hosts only`, async () => {
      const context = await browser().newContext({ userAgent });
      const page = await context.newPage();
      const fetched: string[] = [];
      await page.route(/stats-(one|two)\.test/, async (route) => {
        fetched.push(route.request().url());
        await route.fulfill({
          contentType: 'text/javascript',
          body: `(window.__stats = window.__stats || []).push({ src: ${JSON.stringify(
            route.request().url(),
          )}, state: document.readyState });`,
        });
      });
      const response = await page.goto(`${site.baseUrl}/next/map`, { waitUntil: 'load' });
      const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
      for (const host of ['https://hm.stats-one.test', 'https://cdn.stats-two.test']) {
        expect(csp).toContain(host);
      }
      expect(csp).not.toContain('*');
      await page.waitForFunction(() => (window as { __stats?: unknown[] }).__stats?.length === 2);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType(
          'navigation',
        )[0] as PerformanceNavigationTiming;
        return {
          loadStart: navigation.loadEventStart,
          starts: performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('stats-'))
            .map((entry) => entry.startTime),
          stats: (window as { __stats?: { src: string; state: string }[] }).__stats,
        };
      });
      expect(fetched.sort()).toEqual([...scripts].sort());
      expect(timing.stats?.map((entry) => entry.state)).toEqual(['complete', 'complete']);
      expect(timing.starts).toHaveLength(2);
      for (const start of timing.starts) expect(start).toBeGreaterThanOrEqual(timing.loadStart);
      await context.close();
    });
  }
});

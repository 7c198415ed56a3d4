// Every page of the build in a real browser (issue #4's quality bars): readable at 1440 px on a
// desktop and at 375 px on a phone with no horizontal scrolling, and no axe-core violation of
// serious or critical impact in either.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { desktopUserAgent, iphoneUserAgent, useBrowser } from '../helpers/browser';
import { forEachConcurrently } from '../helpers/pool';

const base = inject('baseUrl');
const browser = useBrowser();
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../dist/manifest.json', import.meta.url)), 'utf8'),
) as { pages: { path: string }[] };
const paths = manifest.pages.map((page) => page.path);

const screens = [
  { name: 'desktop 1440 px', width: 1440, height: 900, userAgent: desktopUserAgent },
  { name: 'phone 375 px', width: 375, height: 812, userAgent: iphoneUserAgent },
];

describe.each(screens)('every page on a $name screen', (screen) => {
  it(`has no horizontal scroll and no serious axe violation on any of the ${paths.length} pages`, async () => {
    // axe is injected as an inline script, which the site's CSP rightly forbids.
    const context = await browser().newContext({
      bypassCSP: true,
      viewport: { width: screen.width, height: screen.height },
      userAgent: screen.userAgent,
    });
    const tabs = await Promise.all([context.newPage(), context.newPage()]);
    const problems: string[] = [];
    await forEachConcurrently(paths, tabs, async (path, page) => {
      const response = await page.goto(`${base}${path}`);
      if (response?.status() !== 200) problems.push(`${path}: status ${response?.status()}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      if (overflow > 0) problems.push(`${path}: ${overflow} px wider than the screen`);
      for (const violation of await seriousViolations(page)) problems.push(`${path}: ${violation}`);
    });
    await context.close();
    expect(problems.sort()).toEqual([]);
  }, 300_000);
});

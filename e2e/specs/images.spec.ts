// Pictures (issue #3): the hero picture loads as WebP at a fitting width, fetched first, without
// shifting the layout; each picture's `sizes` is the width it is laid out at (issue #16), since
// its srcset widths are derived from it. every-page.spec.ts checks every image's attributes
// (through /_next/image, srcset, alt text, dimensions) on every page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { desktopUserAgent, iphoneUserAgent, openPage, useBrowser } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

/** Each picture's laid-out width beside the width its `sizes` gives at the current window. */
function sizesAgainstLayout(page: Page) {
  return page.evaluate(async () => {
    const pixel = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
    const pictures = [];
    for (const img of document.querySelectorAll<HTMLImageElement>('img[sizes]')) {
      // A 1 px image offered as 1w is laid out exactly as wide as `sizes` says (its density is
      // 1 / that width), which is how the browser reads the list to pick a srcset width.
      const probe = document.createElement('img');
      probe.style.cssText = 'position: absolute; top: 0; left: 0; max-width: none';
      probe.sizes = img.sizes;
      probe.srcset = `${pixel} 1w`;
      document.body.append(probe);
      await probe.decode();
      pictures.push({
        picture: `${img.className} ${new URL(img.currentSrc || img.src).searchParams.get('url')}`,
        shown: img.getBoundingClientRect().width,
        said: probe.getBoundingClientRect().width,
      });
      probe.remove();
    }
    return pictures;
  });
}

describe('images', () => {
  it("every kind of picture's sizes is its laid-out width, in windows from 320 to 1440 px", async () => {
    // The hero and both card grids, the news list and an article's picture; phones get the
    // bare page, whose layout is the same.
    const { context: list, page: listPage } = await openPage(browser(), `${base}/next/notice`);
    const article = await listPage.locator('.news-list__title a').first().getAttribute('href');
    await list.close();
    const problems: string[] = [];
    let checked = 0;
    for (const [path, userAgent] of [
      ['/next/', desktopUserAgent],
      ['/next/device/1', desktopUserAgent],
      ['/next/notice', desktopUserAgent],
      [article ?? '/next/notice/(no article)', desktopUserAgent],
      ['/next/', iphoneUserAgent],
    ] as const) {
      const { context, page } = await openPage(browser(), `${base}${path}`, { userAgent });
      for (const width of [1440, 1200, 1100, 1000, 900, 899, 800, 721, 720, 600, 375, 320]) {
        await page.setViewportSize({ width, height: 900 });
        for (const { picture, shown, said } of await sizesAgainstLayout(page)) {
          checked += 1;
          if (Math.abs(shown - said) > 1) {
            problems.push(
              `${path} at ${width} px: ${picture} is ${shown} px wide, sizes says ${said}`,
            );
          }
        }
      }
      await context.close();
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  for (const [label, options] of [
    ['desktop at 1440 px', { width: 1440 }],
    ['iPhone at 375 px', { width: 375, userAgent: iphoneUserAgent }],
  ] as const) {
    it(`hero pictures load as WebP at a fitting width without layout shift (${label})`, async () => {
      for (const path of ['/next/', '/next/device/1', '/next/device/9']) {
        const context = await browser().newContext({
          viewport: { width: options.width, height: 900 },
          ...('userAgent' in options ? { userAgent: options.userAgent } : {}),
        });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const state = window as unknown as { shifts: number };
          state.shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number }[]) {
              state.shifts += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        const imageResponses: { status: number; type: string; url: string }[] = [];
        page.on('response', (response) => {
          if (response.url().includes('/_next/image')) {
            imageResponses.push({
              status: response.status(),
              type: response.headers()['content-type'] ?? '',
              url: response.url(),
            });
          }
        });
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        const hero = page.locator('.hero img');
        await hero.evaluate((img: HTMLImageElement) => img.decode());
        const facts = await hero.evaluate((img: HTMLImageElement) => ({
          natural: img.naturalWidth,
          shown: img.clientWidth,
          current: img.currentSrc,
          complete: img.complete,
        }));
        const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
        await context.close();
        expect(facts.complete, path).toBe(true);
        expect(facts.natural, path).toBeGreaterThan(0);
        // The browser picked a width from the srcset that covers the laid-out width.
        const picked = Number(new URL(facts.current).searchParams.get('w'));
        expect(picked, path).toBeGreaterThanOrEqual(facts.shown);
        expect(picked, path).toBeLessThan(facts.shown * 3);
        expect(imageResponses.length, path).toBeGreaterThan(0);
        for (const response of imageResponses) {
          expect(response.status, response.url).toBe(200);
          expect(response.type, response.url).toBe('image/webp');
        }
        expect(shifts, path).toBeLessThan(0.01);
      }
    });
  }
});

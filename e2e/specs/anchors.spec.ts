// In-page targets clear the sticky header (issue #16): the consultation link's #lead-form and a
// link to a section of another page scroll their target to just below the header, not under
// it, at a desktop window and a narrow one, with JavaScript and without. Mobile pages have no
// header, so nothing is held back there.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { iphoneUserAgent, openPage, useBrowser } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

const windows = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
] as const;

interface Placement {
  id: string;
  headerBottom: number | undefined;
  top: number;
  /** The target itself is what shows at its top left corner (not the header over it). */
  seen: boolean;
}

/** Where the target of the page's address fragment sits in the window. */
async function placementOf(page: Page): Promise<Placement> {
  const id = decodeURIComponent(new URL(page.url()).hash.slice(1));
  return page.evaluate((id) => {
    const target = document.getElementById(id);
    if (!target) throw new Error(`#${id} is not on ${location.pathname}`);
    const box = target.getBoundingClientRect();
    const atCorner = document.elementFromPoint(box.left + 8, box.top + 8);
    return {
      id,
      headerBottom: document.querySelector('.site-header')?.getBoundingClientRect().bottom,
      top: box.top,
      seen: atCorner !== null && target.contains(atCorner),
    };
  }, id);
}

function expectClearOfHeader(placement: Placement, where: string) {
  expect(placement.headerBottom, `${where}: no header`).toBeDefined();
  const headerBottom = placement.headerBottom ?? 0;
  expect(placement.top, `${where}: #${placement.id} under the header`).toBeGreaterThanOrEqual(
    headerBottom,
  );
  // Scrolled to, with a little air: not left further down the page.
  expect(placement.top, `${where}: #${placement.id} not scrolled to`).toBeLessThanOrEqual(
    headerBottom + 32,
  );
  expect(placement.seen, `${where}: #${placement.id} covered`).toBe(true);
}

async function follow(page: Page, link: string, to: string) {
  await Promise.all([page.waitForURL(`${base}${to}`), page.locator(link).click()]);
  await page.waitForLoadState('load');
}

describe('anchor targets below the sticky header', () => {
  for (const size of windows) {
    for (const javaScript of [true, false]) {
      const label = `${size.width}x${size.height}, JavaScript ${javaScript ? 'on' : 'off'}`;

      it(`/next/business#lead-form shows the form's top (${label})`, async () => {
        const { context, page } = await openPage(browser(), `${base}/next/business#lead-form`, {
          ...size,
          javaScript,
        });
        expectClearOfHeader(await placementOf(page), label);
        await context.close();
      });

      it(`the thank-you page's link to the home page's solutions shows their top (${label})`, async () => {
        const { context, page } = await openPage(browser(), `${base}/next/business/thanks`, {
          ...size,
          javaScript,
        });
        await follow(page, 'a[href="/next/#home-solutions"]', '/next/#home-solutions');
        expectClearOfHeader(await placementOf(page), label);
        await context.close();
      });
    }

    // With JavaScript the button opens the form in a dialog; without, it leads to the page.
    it(`the floating consultation button leads to the form's top without JavaScript (${size.width}x${size.height})`, async () => {
      const { context, page } = await openPage(browser(), `${base}/next/about`, {
        ...size,
        javaScript: false,
      });
      await follow(page, '.float-tool__consult', '/next/business#lead-form');
      expectClearOfHeader(await placementOf(page), `${size.width}x${size.height}`);
      await context.close();
    });
  }

  it('a mobile page, which has no header, scrolls the form to the very top', async () => {
    const { context, page } = await openPage(browser(), `${base}/next/business#lead-form`, {
      userAgent: iphoneUserAgent,
      width: 375,
      height: 812,
    });
    const placement = await placementOf(page);
    expect(placement.headerBottom).toBeUndefined();
    expect(Math.abs(placement.top)).toBeLessThan(1);
    expect(placement.seen).toBe(true);
    await context.close();
  });
});

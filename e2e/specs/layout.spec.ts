// Layout a visitor noticed (issue #31), measured in a real browser at the widths they saw it:
// the live accuracy table's columns keep apart, the guide screen page's heading keeps off the
// window's edges. And one Lighthouse noticed (issue #34): the demo's map takes its launcher's
// place without moving what follows it, on the demo page and on a service page.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, openPhone, useBrowser, waitForHydration } from '../helpers/browser';
import { firstDraw } from '../helpers/demo';

const base = inject('baseUrl');
const browser = useBrowser();

/**
 * Where the accuracy table's text leaves its own cell (into the next column or past the panel),
 * as "text: what it spans / the cell's span"; empty when every cell holds its text.
 */
async function tableOverflows(page: Page): Promise<string[]> {
  const table = page.locator('.demo-live__table');
  // All three technologies, so the widest name (蓝牙 AoA) is among the rows measured.
  await expect.poll(() => table.locator('tbody tr').count(), { timeout: 30_000 }).toBe(3);
  return table.evaluate((element: HTMLTableElement) => {
    const found: string[] = [];
    const span = (box: DOMRect) => `${box.left.toFixed(1)}-${box.right.toFixed(1)}`;
    const panel = element.parentElement!.getBoundingClientRect();
    const whole = element.getBoundingClientRect();
    if (whole.width === 0) found.push('the table is not laid out');
    if (whole.left < panel.left - 0.5 || whole.right > panel.right + 0.5) {
      found.push(`table: ${span(whole)} / panel ${span(panel)}`);
    }
    for (const row of element.rows) {
      const cells = [...row.cells];
      cells.forEach((cell, index) => {
        const text = document.createRange();
        text.selectNodeContents(cell);
        const drawn = text.getBoundingClientRect();
        const box = cell.getBoundingClientRect();
        if (drawn.left < box.left - 0.5 || drawn.right > box.right + 0.5) {
          found.push(`${cell.innerText}: ${span(drawn)} / ${span(box)}`);
        }
        const next = cells[index + 1]?.getBoundingClientRect();
        if (next && box.right > next.left + 0.5) {
          found.push(`${cell.innerText}: cell ${span(box)} / next ${span(next)}`);
        }
      });
    }
    return found;
  });
}

describe('the live accuracy table', () => {
  it('keeps its columns apart beside the map at 1440 px', async () => {
    const { page, context } = await openPage(browser(), `${base}/next/locate`, { width: 1440 });
    await waitForHydration(page);
    await page.getByRole('button', { name: '试一试' }).click();
    expect(await tableOverflows(page)).toEqual([]);
    await context.close();
  });

  it('keeps its columns apart on a 390 px phone', async () => {
    const { page, context } = await openPhone(browser(), `${base}/next/locate`);
    await page.getByRole('button', { name: '试一试' }).tap();
    expect(await tableOverflows(page)).toEqual([]);
    await context.close();
  });
});

describe('the guide screen page', () => {
  it('keeps its heading at least 16 px from each edge of a 1080 px window', async () => {
    const { page, context } = await openPage(browser(), `${base}/next/demo`, { width: 1080 });
    const kiosk = page.locator('.demo-kiosks a').first();
    await page.goto(`${base}${await kiosk.getAttribute('href')}`);
    const heading = page.getByRole('heading', { level: 1 });
    const box = (await heading.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(16);
    expect(1080 - (box.x + box.width)).toBeGreaterThanOrEqual(16);
    // The heading's text, not only its box: a long name wraps inside the padding too.
    const text = await heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const drawn = range.getBoundingClientRect();
      return { left: drawn.left, right: drawn.right };
    });
    expect(text.left).toBeGreaterThanOrEqual(16);
    expect(1080 - text.right).toBeGreaterThanOrEqual(16);
    await context.close();
  });
});

describe('the launcher', () => {
  /** The launcher's (or the map's) height and where what follows its section starts on the page. */
  const boxes = (page: Page) =>
    page.evaluate(() => {
      const demo = document.querySelector('.venue-demo')!;
      const next = demo.closest('section')!.nextElementSibling ?? document.querySelector('footer')!;
      return {
        height: demo.getBoundingClientRect().height,
        nextTop: next.getBoundingClientRect().top + window.scrollY,
      };
    });

  // The demo page's launcher once kept 78% of the window's height and the map took its own: on a
  // phone the sections after it moved by 149 px as the map of a scanned route replaced it
  // (Lighthouse's layout shift of 0.017). A service page's launcher kept 420 px, and its map
  // 684 at 1440 px: what followed moved by 264 px once the map came, which a browser counts as
  // a layout shift when the map comes later than half a second after the press (a phone's
  // network: about a second on Slow 4G).
  for (const path of ['/next/demo', '/next/map']) {
    it(`gives the map its place on ${path} at 1440 px and on a phone`, async () => {
      for (const phone of [false, true]) {
        const { page, context } = phone
          ? await openPhone(browser(), `${base}${path}`)
          : await openPage(browser(), `${base}${path}`);
        await waitForHydration(page);
        const before = await boxes(page);
        const start = page.getByRole('button', { name: '试一试' });
        await (phone ? start.tap() : start.click());
        await firstDraw(page);
        expect(await boxes(page), phone ? 'phone' : 'desktop').toEqual(before);
        await context.close();
      }
    });
  }
});

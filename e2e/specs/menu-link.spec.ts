// The header's 在线开发体验 (issue #31): a menu item of the spec, so a link to the demo that opens
// in a new window as the other menu links do, with its dropdown behind a button of its own, by
// pointer and by keyboard, and clean for axe with the dropdown open.
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { useBrowser, waitForHydration } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

describe('在线开发体验 in the header', () => {
  it('opens the demo in a new window; its button opens the dropdown by hover and keyboard', async () => {
    const context = await browser().newContext({
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${base}/next/map`);
    await waitForHydration(page);
    const menu = page.getByRole('navigation', { name: '主导航' });
    const link = menu.getByRole('link', { name: /^在线开发体验/ });
    const popup = page.waitForEvent('popup');
    await link.click();
    const demo = await popup;
    await demo.waitForLoadState();
    expect(new URL(demo.url()).pathname).toBe('/next/demo');
    await demo.close();

    const button = menu.getByRole('button', { name: '在线开发体验子菜单' });
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await link.hover();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.mouse.move(700, 850);
    await expect.poll(() => panel.isVisible()).toBe(false);

    // Tab goes from the link to its button; Enter opens, Escape closes back onto the button.
    await link.focus();
    await page.keyboard.press('Tab');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      '室内地图与导航演示',
    );
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});

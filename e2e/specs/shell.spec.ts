// The shared shell in a real browser against the real server (spec sections 2-4): dropdowns by
// hover and keyboard, the hotline popup, QR codes, back-to-top, header style, variants.
import { describe, expect, inject, it } from 'vitest';
import { chinaHost, openPage, waitForHydration, useBrowser } from '../helpers/browser';
import { decodeQr } from '../helpers/qr';
import { testConfig } from '../helpers/server';

const base = inject('baseUrl');
const port = inject('port');
const browser = useBrowser();

/** Opens a path on the server (or a full URL) as a desktop browser, once islands are live. */
async function desktop(path: string, options: Parameters<typeof openPage>[2] = {}) {
  const url = path.startsWith('http') ? path : `${base}${path}`;
  const opened = await openPage(browser(), url, options);
  await waitForHydration(opened.page);
  return opened;
}

describe('header dropdowns', () => {
  it('open on hover and close when the pointer leaves', async () => {
    const { page, context, console } = await desktop('/next/');
    const button = page.getByRole('button', { name: '产品服务' });
    const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect.poll(() => panel.isVisible()).toBe(false);
    await button.hover();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Into the panel: still open, the pointer has not left the entry.
    await panel.getByRole('link', { name: /反向寻车/ }).hover();
    expect(await panel.isVisible()).toBe(true);
    await page.mouse.move(700, 850);
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('open with the keyboard and close with Escape, focus back on the entry', async () => {
    const { page, context } = await desktop('/next/map');
    const button = page.getByRole('button', { name: '开发者支持' });
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const firstLink = page.getByRole('link', { name: /H5 地图 SDK 文档/ });
    await expect.poll(() => firstLink.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      'H5 地图 SDK 文档',
    );
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('开发者支持');
    await page.keyboard.press('Space');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('solutions offer the customisation button to business; links open in a new window', async () => {
    const { page, context } = await desktop('/next/');
    await page.getByRole('button', { name: '解决方案' }).hover();
    const customise = page.getByRole('link', { name: /找不到您的场景？申请定制/ });
    await expect.poll(() => customise.isVisible()).toBe(true);
    expect(await customise.getAttribute('href')).toBe('/next/business');
    const targets = await page
      .locator('.menu a')
      .evaluateAll((links) =>
        links.map((a) => `${a.getAttribute('target')} ${a.getAttribute('rel')}`),
      );
    expect(new Set(targets)).toEqual(new Set(['_blank noopener']));
    await context.close();
  });

  it('SDK documentation and console links come from server config', async () => {
    const { page, context } = await desktop('/next/');
    await page.getByRole('button', { name: '开发者支持' }).hover();
    const android = page.locator('.menu').getByRole('link', { name: /Android SDK 文档/ });
    expect(await android.getAttribute('href')).toBe(testConfig.SITE_LINKS__SDK_ANDROID);
    expect(await page.locator('.header-actions__console').getAttribute('href')).toBe(
      testConfig.SITE_LINKS__CONSOLE,
    );
    expect(await page.locator('.header-actions__hotline').getAttribute('href')).toBe(
      'tel:4000999023',
    );
    await context.close();
  });

  it('use the alternate style on notice and HarmonyNext pages only', async () => {
    const background = async (path: string) => {
      const { page, context } = await openPage(browser(), `${base}${path}`);
      const value = await page
        .locator('.site-header')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      await context.close();
      return value;
    };
    const normal = await background('/next/map');
    expect(await background('/next/notice')).toBe('rgb(255, 255, 255)');
    expect(await background('/next/cums/HarmonyNext')).toBe('rgb(255, 255, 255)');
    expect(normal).not.toBe('rgb(255, 255, 255)');
  });
});

describe('floating tool', () => {
  it('business consultation opens the hotline popup; Escape and the close button close it', async () => {
    const { page, context, console } = await desktop('/next/locate');
    // A link to the business page's form until hydrated (so it works without JavaScript).
    const consult = page.locator('.float-tool__consult');
    expect(await consult.getAttribute('href')).toBe('/next/business#lead-form');
    const dialog = page.getByRole('dialog', { name: '商务咨询热线' });
    await consult.click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('link', { name: '4000-999-023' }).getAttribute('href')).toBe(
      'tel:4000999023',
    );
    expect(await dialog.textContent()).toContain('周一至周日 9:00-18:00');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('商务咨询');
    await consult.click();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('shows scannable QR codes of the configured addresses', async () => {
    const { page, context } = await desktop('/next/');
    await page.getByRole('button', { name: '企业微信' }).hover();
    const wecom = page.getByRole('img', { name: '企业微信二维码' });
    await expect.poll(() => wecom.isVisible()).toBe(true);
    await wecom.evaluate((img: HTMLImageElement) => img.decode());
    expect(await decodeQr(wecom)).toBe(testConfig.SITE_QR__ENTERPRISE_WECHAT);

    const footerQr = page.locator('.site-footer img');
    await footerQr.scrollIntoViewIfNeeded();
    await footerQr.evaluate((img: HTMLImageElement) => img.decode());
    expect(await decodeQr(footerQr)).toBe(testConfig.SITE_QR__OFFICIAL_ACCOUNT);
    await context.close();
  });

  it('back-to-top appears only past 1200 px and scrolls up smoothly', async () => {
    const { page, context } = await desktop('/next/');
    // Make the page long enough to scroll whatever its content.
    await page.evaluate(() => {
      document.body.style.minHeight = '6000px';
    });
    const backToTop = page.getByRole('button', { name: '返回顶部' });
    expect(await backToTop.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForTimeout(100);
    expect(await backToTop.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 3000));
    await expect.poll(() => backToTop.isVisible()).toBe(true);

    // Every position the page passes through on the way up: a smooth scroll passes between the
    // two ends, a jump does not. Sampling one moment instead failed when a busy machine (another
    // spec's browser, the Rust tests) delayed the sample past the end of the motion.
    await page.evaluate(() => {
      const passed: number[] = [];
      (window as unknown as { passed: number[] }).passed = passed;
      window.addEventListener('scroll', () => passed.push(window.scrollY));
    });
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    const passed = await page.evaluate(() => (window as unknown as { passed: number[] }).passed);
    expect(
      passed.some((y) => y > 0 && y < 3000),
      `positions ${passed.join(', ')}`,
    ).toBe(true);
    await expect.poll(() => backToTop.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('top');
    await context.close();
  });

  it('back-to-top jumps at once when reduced motion is preferred', async () => {
    const { page, context } = await desktop('/next/', { reducedMotion: 'reduce' });
    await page.evaluate(() => {
      document.body.style.minHeight = '6000px';
      window.scrollTo(0, 3000);
    });
    const backToTop = page.getByRole('button', { name: '返回顶部' });
    await expect.poll(() => backToTop.isVisible()).toBe(true);
    await backToTop.click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('variants', () => {
  it('the China site shows its filing notices and no official-account QR code', async () => {
    const { page, context, console } = await desktop(`http://${chinaHost}:${port}/next/`);
    expect(await page.locator('.legal-notices').textContent()).toContain('ICP备');
    expect(await page.locator('.site-footer img').count()).toBe(0);
    expect(await page.getByRole('button', { name: '公众号' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '企业微信' }).count()).toBe(1);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('the international site shows its own notices, the QR code and the copyright years', async () => {
    const { page, context } = await desktop('/next/');
    const legal = await page.locator('.site-footer__legal').textContent();
    expect(legal).toContain('国际站点');
    expect(legal).not.toContain('ICP备');
    expect(legal).toContain('2013-2025');
    expect(await page.locator('.site-footer').textContent()).toContain('周一至周日 9:00-18:00');
    await context.close();
  });
});

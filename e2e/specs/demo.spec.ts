// The live demo (issue #14) in a real browser against the real server and engine: it loads only
// when asked, pinyin search, multi-level routes (by elevator, and by elevator only when
// accessible), simulated navigation changing level by itself, find my car, the guide screen's
// QR code opening the same route on a phone, touch on the mobile page, both venues, and axe.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import {
  iphoneUserAgent,
  openPage,
  openPhone,
  useBrowser,
  waitForHydration,
} from '../helpers/browser';
import {
  firstDraw,
  handoverAddress,
  kioskId,
  openDemo as open,
  openOnPhone,
  scannedRoute,
  stepTexts as stepsOf,
} from '../helpers/demo';

const base = inject('baseUrl');
const browser = useBrowser();

const openDemo = (
  path: string,
  {
    start = '试一试',
    ...options
  }: { userAgent?: string; width?: number; height?: number; start?: string } = {},
) => open(browser(), `${base}${path}`, start, options);

const stepTexts = (page: Page) => stepsOf(page, '路线步骤');

const pressedLevel = (page: Page) =>
  page.locator('.demo button[aria-pressed="true"]').filter({ hasText: /^(L\d|B\d)$/ });

describe('the live demo', () => {
  it('loads nothing of its own until the visitor presses 试一试', async () => {
    const { page, context, console } = await openPage(browser(), `${base}/next/map`);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(requested.filter((url) => url.includes('/api/venues'))).toEqual([]);
    expect(await page.locator('canvas').count()).toBe(0);
    await page.getByRole('button', { name: '试一试' }).click();
    await firstDraw(page);
    expect(requested.some((url) => url.endsWith('/api/venues/demo-mall/levels/L1'))).toBe(true);
    expect(requested.some((url) => /\/next\/assets\/viewer-[\w-]+\.js$/.test(url))).toBe(true);
    expect(await page.locator('canvas').count()).toBeGreaterThan(0);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('searching xbk finds 星巴克 and shows it on its level', async () => {
    const { page, context, console } = await openDemo('/next/search');
    const search = page.getByRole('combobox', { name: '搜索地点' });
    await search.fill('xbk');
    const option = page.getByRole('option', { name: /星巴克/ });
    await option.first().waitFor();
    await option.first().click();
    const card = page.getByRole('dialog', { name: /星巴克/ });
    await card.waitFor();
    expect(await card.innerText()).toContain('L1');
    expect(await pressedLevel(page).innerText()).toBe('L1');
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('the route from a B2 space to an L5 restaurant rides an elevator, and only elevators when accessible', async () => {
    const { page, context, console } = await openDemo('/next/route');
    await page.getByRole('list', { name: '路线步骤' }).waitFor();
    let steps = await stepTexts(page);
    expect(steps[0]).toContain('B2-015');
    expect(steps.some((text) => /乘 \d+ 号电梯到 L5/.test(text))).toBe(true);
    const accessible = page.waitForResponse((response) =>
      response.url().includes('accessible=true'),
    );
    await page.getByRole('checkbox', { name: /无障碍/ }).check();
    await accessible;
    await page.waitForTimeout(300);
    steps = await stepTexts(page);
    expect(steps.some((text) => /电梯到 L5/.test(text))).toBe(true);
    expect(steps.filter((text) => /楼梯|扶梯/.test(text))).toEqual([]);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('simulated navigation moves along the route and changes level by itself', async () => {
    const { page, context } = await openDemo('/next/nav');
    await page.locator('[aria-current="step"]').first().waitFor();
    expect(await pressedLevel(page).innerText()).toBe('B2');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.demo button[aria-pressed="true"]')].some(
          (button) => button.textContent?.trim() === 'L5',
        ),
      null,
      { timeout: 45_000 },
    );
    await context.close();
  });

  it('find my car turns a plate into a space, its zone and a route to it', async () => {
    const { page, context, console } = await openDemo('/next/findcar');
    await page.getByRole('textbox', { name: '车牌号或车位号' }).fill('沪A·D2345');
    await page.getByRole('button', { name: '找车' }).click();
    const found = page.getByText(/您的车停在 B\d \S+区 B\d-\d{3} 车位/);
    await found.waitFor();
    const steps = await stepTexts(page);
    expect(steps.at(-1)).toMatch(/到达 B\d-\d{3}/);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('a guide screen hands its route to a phone through a QR code read from the screen', async () => {
    const { page, context } = await openDemo(`/next/demo/kiosk/${kioskId}`, {
      start: '点击屏幕开始导航',
    });
    await page.getByRole('button', { name: '海底捞' }).first().click();
    const code = page.getByRole('img', { name: /二维码.*海底捞/ });
    const address = await handoverAddress(page, code);
    expect(address).toMatch(/\/next\/demo\?venue=demo-mall&from=[0-9a-f-]+&to=[0-9a-f-]+$/);
    const handedOver = new URL(address!);
    expect(handedOver.searchParams.get('from')).toBe(kioskId);
    const kioskSteps = await stepTexts(page);
    await context.close();

    // The phone opens the same address on this server: the route is there at once.
    const phone = await openOnPhone(browser(), base, handedOver);
    await firstDraw(phone.page);
    await phone.page.getByRole('list', { name: '路线步骤' }).waitFor();
    expect(await stepTexts(phone.page)).toEqual(kioskSteps);
    expect(phone.console.messages).toEqual([]);
    await phone.context.close();
  });

  it('draws a scanned route on a throttled phone from the page alone, asking the API only after', async () => {
    const address = `${base}${scannedRoute}`;
    const context = await browser().newContext({
      userAgent: iphoneUserAgent,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    // Every layout shift the page makes: the frame arrives whole, nothing moves as it is drawn.
    await context.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node?: Node }[];
        })[])
          shifts.push(`${entry.value.toFixed(4)} ${entry.sources.map((s) => s.node?.nodeName)}`);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Lighthouse's mobile throttling (Slow 4G, 4x CPU), as bench/demo.mjs measures it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(address, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('demo:first-route').length > 0,
      null,
      {
        timeout: 30_000,
      },
    );
    // The route's other level is fetched once the first frame is drawn, and so is the whole of
    // the level the frame drew from its draft: it shows requests are seen.
    await page.waitForFunction(
      () =>
        ['L5', 'B2'].every((level) =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.endsWith(`/api/venues/demo-mall/levels/${level}`)),
        ),
      null,
      { timeout: 30_000 },
    );
    const { drawnAt, before, levels } = await page.evaluate(() => {
      const drawn = performance.getEntriesByName('demo:first-route')[0]!.startTime;
      const loads = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        drawnAt: drawn,
        before: loads
          .filter((entry) => entry.startTime < drawn)
          .map((entry) => `${entry.initiatorType} ${new URL(entry.name).pathname}`),
        levels: loads
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.includes('/levels/')),
      };
    });
    expect(drawnAt).toBeGreaterThan(0);
    // Nothing of the demo was fetched before its first frame: no venue data, no route, no code.
    expect(before.filter((entry) => /\/api\/|\.js$|\.css$/.test(entry))).toEqual([]);
    // Each level once.
    expect(levels.filter((path) => path.endsWith('/B2'))).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)).toEqual(
      [],
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The route drawn is the address's, from the car park level, with its steps listed.
    await page.getByRole('list', { name: '路线步骤' }).waitFor();
    expect((await stepTexts(page))[0]).toContain('B2-015');
    expect(await pressedLevel(page).innerText()).toBe('B2');
    // The panel of API calls shows the route as the call the page answered.
    await page.locator('details.demo-api > summary').click();
    await expect
      .poll(() => page.locator('.demo-api__request').innerText())
      .toMatch(/GET \/api\/venues\/demo-mall\/(route|levels)/);
    // Its inline script and stylesheet ran under the page's policy: nothing was refused.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with touch on the mobile page: tap to start, drag to pan, tap a shop for its card', async () => {
    const { context, page } = await openPhone(browser(), `${base}/next/map`);
    await page.getByRole('button', { name: '试一试' }).tap();
    await firstDraw(page);
    const canvas = page.locator('.demo canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const before = await canvas.screenshot();
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await touch('touchStart', x, y);
    for (let step = 1; step <= 10; step += 1) await touch('touchMove', x - step * 8, y - step * 6);
    await touch('touchEnd', 0, 0);
    await page.waitForTimeout(600);
    expect(Buffer.compare(before, await canvas.screenshot())).not.toBe(0);
    // The search works on the phone as on the desktop.
    await page.getByRole('combobox', { name: '搜索地点' }).fill('hdl');
    await page
      .getByRole('option', { name: /海底捞/ })
      .first()
      .tap();
    await page.getByRole('dialog', { name: /海底捞/ }).waitFor();
    await context.close();
  });

  it('the hospital is a venue like the mall: pinyin initials find 儿科', async () => {
    const { page, context } = await openDemo('/next/demo');
    const level = page.waitForResponse((response) =>
      response.url().includes('/api/venues/demo-hospital/levels/'),
    );
    await page.getByRole('combobox', { name: '场馆' }).selectOption('demo-hospital');
    await level;
    await page.getByRole('combobox', { name: '搜索地点' }).fill('erk');
    await page.getByRole('option', { name: /儿科/ }).first().click();
    await page.getByRole('dialog', { name: /儿科/ }).waitFor();
    await context.close();
  });

  it('has no serious or critical axe violation: open, with a route and steps, with a place card, on a phone', async () => {
    for (const phone of [false, true]) {
      const context = await browser().newContext({
        ...(phone
          ? { userAgent: iphoneUserAgent, viewport: { width: 390, height: 844 } }
          : { viewport: { width: 1440, height: 900 } }),
      });
      const page = await context.newPage();
      await page.goto(`${base}/next/route`);
      await waitForHydration(page);
      await page.getByRole('button', { name: '试一试' }).click();
      await firstDraw(page);
      await page.getByRole('list', { name: '路线步骤' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('combobox', { name: '搜索地点' }).fill('xbk');
      await page
        .getByRole('option', { name: /星巴克/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: /星巴克/ }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

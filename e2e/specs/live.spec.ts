// Live positioning (issue #17) in a real browser against the real server and engine: the dots
// move on the map, the measured accuracy is shown beside them as text, the truth toggle asks the
// stream for the truth, on the desktop and on a phone, without serious axe violations.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { openPage, openPhone, useBrowser, waitForHydration } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

const firstDraw = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('demo:first-draw').length > 0, null, {
    timeout: 20_000,
  });

/**
 * Waits until the panel positions tags on the level (the first seconds of a stream on a busy
 * machine may have none estimated yet), and returns the count; 0 after 30 s without any.
 */
async function positioned(page: Page): Promise<number> {
  const status = page.locator('[data-live-status="live"]');
  await status.waitFor({ timeout: 30_000 });
  const count = async () =>
    Number(/本层正在定位 (\d+) 个标签/.exec(await status.innerText())?.[1] ?? 0);
  await expect
    .poll(count, { timeout: 30_000 })
    .toBeGreaterThan(0)
    .catch(() => undefined);
  return count();
}

/** The accuracy table's rows: technology name, CEP95 and target. */
async function accuracyRows(page: Page) {
  const table = page.getByRole('table');
  await table.getByRole('row', { name: /蓝牙信标/ }).waitFor({ timeout: 30_000 });
  return table.getByRole('row').allInnerTexts();
}

describe('live positioning', () => {
  it('moves the dots on the mall map and shows the measured accuracy, with the truth on request', async () => {
    const { page, context, console } = await openPage(browser(), `${base}/next/locate`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '试一试' }).click();
    await firstDraw(page);
    expect(await positioned(page)).toBeGreaterThan(0);
    const rows = await accuracyRows(page);
    const ble = rows.find((row) => row.includes('蓝牙信标')) ?? '';
    expect(ble).toMatch(/\d+\.\d\d 米/);
    expect(ble).toContain('≤ 3 米');
    // The mall's own fence (an IMDF geofence) is watched for everyone, and named.
    await page.getByText(/场馆自带的围栏.*周大福珠宝警戒区（L1）/).waitFor();
    // The dots move: the map changes from second to second while nothing else does.
    const canvas = page.locator('.demo canvas').first();
    const frames: Buffer[] = [];
    for (let i = 0; i < 4; i += 1) {
      frames.push(await canvas.screenshot());
      await page.waitForTimeout(1_100);
    }
    const changes = frames.slice(1).filter((frame, i) => !frame.equals(frames[i]!)).length;
    expect(changes).toBeGreaterThanOrEqual(2);
    // The truth toggle asks the stream for the truth and explains the rings.
    const truthStream = page.waitForRequest((request) => request.url().includes('truth=true'));
    await page.getByRole('checkbox', { name: '显示真实位置' }).check();
    await truthStream;
    await page.getByText('空心圈是仿真器里标签的真实位置').waitFor();
    expect(await positioned(page)).toBeGreaterThan(0);
    // A fence drawn over most of the level raises alerts as tags enter it.
    await page.getByRole('button', { name: '在地图上画围栏' }).click();
    const map = page.locator('.demo-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    // The part of the map inside the window, clear of the sticky header and the map buttons.
    const top = Math.max(box.y, 0) + 160;
    const bottom = Math.min(box.y + box.height, 900) - 80;
    const [left, right] = [box.x + 80, box.x + box.width - 120];
    for (const [x, y] of [
      [left, top],
      [right, top],
      [right, bottom],
      [left, bottom],
    ] as const) {
      await page.mouse.click(x, y);
      await page.waitForTimeout(100);
    }
    await page.getByText('已添加 4 个').waitFor();
    const fenced = page.waitForRequest((request) => request.url().includes('fence='));
    await page.getByRole('button', { name: '完成围栏' }).click();
    await fenced;
    const enter = page.locator('[data-alert="enter"]', { hasText: '所画围栏' }).first();
    await enter.waitFor({ timeout: 20_000 });
    expect(await enter.innerText()).toMatch(/(BLE|AOA|UWB)-\d\d 进入所画围栏（L1）/);
    await page.getByRole('button', { name: '清除围栏' }).click();
    // Replay (轨迹回放): a tag's last five minutes play on their own, and export as files.
    await page.getByRole('button', { name: '回放最近 5 分钟' }).click();
    const shown = page.locator('[data-replay-second]');
    await shown.waitFor({ timeout: 30_000 });
    const first = Number(await shown.getAttribute('data-replay-second'));
    await page.waitForTimeout(1_500);
    const later = Number(await shown.getAttribute('data-replay-second'));
    expect(later).toBeGreaterThan(first);
    const slider = page.getByRole('slider', { name: '回放时刻' });
    expect(Number(await slider.inputValue())).toBeGreaterThan(0);
    const csvHref = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
    const csv = await page.request.get(`${base}${csvHref}`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\n')[0]).toContain('"second","tag"');
    await page.getByRole('button', { name: '返回实时画面' }).click();
    expect(await positioned(page)).toBeGreaterThan(0);
    // Back to the start: the stream closes and the map stands still.
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForTimeout(1_200);
    const still = await canvas.screenshot();
    await page.waitForTimeout(1_200);
    expect((await canvas.screenshot()).equals(still)).toBe(true);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('works on a phone in the hospital, and has no serious axe violation', async () => {
    const { context, page } = await openPhone(browser(), `${base}/next/track`);
    await page.getByRole('button', { name: '试一试' }).tap();
    await firstDraw(page);
    expect(await positioned(page)).toBeGreaterThanOrEqual(0);
    await accuracyRows(page);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

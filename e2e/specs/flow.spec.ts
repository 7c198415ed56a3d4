// Flow analytics (issue #17) in a real browser against the real server: /next/bigdata opens the
// mall's day of simulated visitors, with its hourly figures and busiest zones as text and the
// heat map drawn on the map; another day and another level ask the server again; on a phone in
// the hospital too, without serious axe violations.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { openPage, openPhone, useBrowser, waitForHydration } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

/** Waits for the day's figures and returns its visitors. */
async function visitors(page: Page): Promise<number> {
  const total = page.locator('[data-flow-visitors]');
  await total.waitFor({ timeout: 30_000 });
  return Number(await total.getAttribute('data-flow-visitors'));
}

/**
 * Picks yesterday in the date list and waits until yesterday's figures are shown. Today's stay
 * until then, labelled with today's date, so a wait for any date let a test read today's figures
 * (at 23:00 the car park's last hour had 32 cars where yesterday's busiest had 207).
 */
async function pickYesterday(page: Page) {
  const dates = page.getByLabel('日期');
  const yesterday = await dates.locator('option').nth(1).innerText();
  await dates.selectOption({ index: 1 });
  await page.waitForFunction(
    (label) => document.querySelector('[data-flow-visitors]')?.textContent?.startsWith(label),
    yesterday,
  );
}

describe('flow analytics', () => {
  it('shows a day of the mall by the hour, its busiest zones and the heat map of the level', async () => {
    const { page, context, console } = await openPage(browser(), `${base}/next/bigdata`);
    await waitForHydration(page);
    const canvas = page.locator('.demo canvas').first();
    await page.getByRole('button', { name: '试一试' }).click();
    await page.getByRole('heading', { name: '客流分析' }).waitFor({ timeout: 20_000 });
    // A past day is whole whatever the time of day the test runs at.
    await pickYesterday(page);
    expect(await visitors(page)).toBeGreaterThan(4_000);
    const hours = page.getByRole('table').first();
    const rows = await hours.getByRole('row').allInnerTexts();
    expect(rows.some((row) => row.startsWith('12:00'))).toBe(true);
    expect(rows.some((row) => row.startsWith('3:00'))).toBe(false);
    const zones = await page.getByRole('table').nth(1).getByRole('row').allInnerTexts();
    expect(zones).toHaveLength(11);
    expect(zones[1]).toMatch(/L\d\s+\d+\s+\d+ 分钟/);
    await page.getByRole('heading', { name: 'L1 热力图' }).waitFor();
    // The heat map is drawn: the map differs from the same level without it.
    await page.waitForTimeout(300);
    const withHeat = await canvas.screenshot();
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await page.waitForTimeout(300);
    expect((await canvas.screenshot()).equals(withHeat)).toBe(false);
    // Another level asks for its own heat map.
    await page.getByRole('button', { name: '客流分析' }).click();
    const level = page.waitForResponse(
      (r) => r.url().includes('/flow?') && r.url().includes('level=L3'),
    );
    await page.getByRole('group', { name: '楼层' }).getByRole('button', { name: /^L3/ }).click();
    await level;
    await page.getByRole('heading', { name: 'L3 热力图' }).waitFor();
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it("marks the car park's taken spaces on /next/parkingLock, at the hour picked", async () => {
    const { page, context, console } = await openPage(browser(), `${base}/next/parkingLock`);
    await waitForHydration(page);
    await page.getByRole('button', { name: '试一试' }).click();
    await pickYesterday(page);
    const taken = page.locator('[data-flow-taken]');
    await taken.waitFor({ timeout: 30_000 });
    // A past day opens on its busiest hour: the evening's.
    expect(Number(await taken.getAttribute('data-flow-taken'))).toBeGreaterThan(100);
    const morning = page.waitForResponse((r) => r.url().includes('at=10'));
    await page.getByLabel('时刻').selectOption('10');
    await morning;
    await expect
      .poll(async () => (await taken.innerText()).includes('10:00'), { timeout: 10_000 })
      .toBe(true);
    const early = Number(await taken.getAttribute('data-flow-taken'));
    expect(early).toBeGreaterThan(0);
    const rows = await page.getByRole('row', { name: /^B[12]/ }).allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows.join()).toMatch(/B1\s+379\s+\d+\s+\d+%/);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('works on a phone in the hospital, and has no serious axe violation', async () => {
    const { context, page } = await openPhone(browser(), `${base}/next/demo`);
    const launch = page.getByRole('button', { name: '试一试' });
    if (await launch.count()) await launch.first().tap();
    await page.locator('select.demo-venue__select').selectOption({ label: '寻境示范医院门诊楼' });
    await page.getByRole('button', { name: '客流分析' }).tap();
    // Yesterday's whole day, not the figures of this morning shown until yesterday's come.
    await pickYesterday(page);
    expect(await visitors(page)).toBeGreaterThan(1_000);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

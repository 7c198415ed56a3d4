// A building drawn in CAD (issue #32) in Chromium against the real server, on a phone-sized page:
// the mobile page of a phone, the office plan (test-fixtures/dxf/office-mm.dxf) is chosen on /next/editors, read by the
// server, mapped with its guessed layers, converted and stored; its link opens it on the map,
// where a route is drawn from one room to another. axe audits the mapping form.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { iphoneUserAgent, openPage, useBrowser, waitForHydration } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();
const fixtures = fileURLToPath(new URL('../../test-fixtures/dxf', import.meta.url));

describe('a visitor uploads the CAD drawing of their building', () => {
  it('maps its layers, stores it and routes through it on a phone-sized page', async () => {
    // A phone's page: the mobile variant, as a phone's browser is served it.
    const { page, context, console } = await openPage(browser(), `${base}/next/editors`, {
      userAgent: iphoneUserAgent,
      width: 390,
      height: 844,
    });
    await waitForHydration(page);
    const form = page.getByRole('region', { name: '用我的场馆试一试' });
    await form.scrollIntoViewIfNeeded();
    await form
      .getByLabel('选择 IMDF 压缩包、DXF 图纸或 GeoJSON')
      .setInputFiles(join(fixtures, 'office-mm.dxf'));

    const mapping = form.getByRole('form', { name: /对照图纸/ });
    await mapping.waitFor({ timeout: 20_000 });
    expect(await mapping.getByLabel('楼层代号（如 B1、L1）').inputValue()).toBe('L1');
    expect(await mapping.getByLabel('ROOM 含义').inputValue()).toBe('room');
    expect(await mapping.getByLabel('DOOR 含义').inputValue()).toBe('door');
    expect(await mapping.innerText()).toContain('按图纸设置（毫米）');
    expect(await mapping.innerText()).toMatch(/图纸范围约 [\d.]+ × [\d.]+ 米/);
    // The page keeps to the phone's width with the table inside it.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    await mapping.getByLabel('场馆名称').fill('示例办公楼');
    await mapping.getByLabel('城市').fill('上海市');
    await mapping.getByLabel('地址', { exact: true }).fill('示例路 1 号');
    await mapping.getByRole('button', { name: '转换并保存' }).click();
    const stored = form.getByRole('heading', { name: /示例办公楼/ });
    await stored.waitFor({ timeout: 30_000 });
    expect(await form.innerText()).toMatch(/1 个楼层：一层/);
    const link = await form.getByRole('link', { name: '在地图上打开' }).getAttribute('href');
    expect(link).toMatch(/^\/next\/demo\?building=[0-9a-f]{32}$/);

    // On the map: 前台 found by its pinyin, and a route to 培训室 drawn with its steps.
    await page.goto(`${base}${link}`);
    await waitForHydration(page);
    await page.waitForFunction(
      () => performance.getEntriesByName('demo:first-draw').length > 0,
      null,
      { timeout: 20_000 },
    );
    const search = page.getByRole('combobox', { name: '搜索地点' });
    await search.fill('peixunshi');
    await page
      .getByRole('option', { name: /培训室/ })
      .first()
      .click();
    await page
      .getByRole('dialog', { name: /培训室/ })
      .getByRole('button', { name: '到这里去' })
      .click();
    const steps = page.getByRole('list', { name: '路线步骤' });
    await steps.waitFor({ timeout: 20_000 });
    expect((await steps.getByRole('listitem').allInnerTexts()).at(-1)).toContain('培训室');
    expect(console.messages).toEqual([]);
    await fetch(`${base}/api/buildings/${link!.split('=')[1]}`, { method: 'DELETE' });
    await context.close();
  });
});

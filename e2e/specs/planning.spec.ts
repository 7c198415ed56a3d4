// Device planning (issue #33) in a real browser against the real server, on a phone: the
// hospital's ground floor planned with AoA gateways to CEP95 1 m, the progress shown while it
// runs, then the figures per level, the bill of materials linking the product's page, the
// installation list as a file and the gateways drawn on the map; no serious axe violation; then
// the layout changed (a gateway removed from the list, one added on the map) and measured again.
// From the page of a scanned route too, whose planner is a file its inline script loads later.
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { openPage, openPhone, useBrowser } from '../helpers/browser';
import { firstDraw, planned, scannedRoute, withPlans } from '../helpers/demo';

const base = inject('baseUrl');
const browser = useBrowser();

describe('device planning', withPlans, () => {
  it('plans the hospital’s ground floor on a phone, with its figures, bill and list', async () => {
    const { context, page } = await openPhone(browser(), `${base}/next/demo`);
    const launch = page.getByRole('button', { name: '试一试' });
    if (await launch.count()) await launch.first().tap();
    await page.locator('select.demo-venue__select').selectOption({ label: '寻境示范医院门诊楼' });
    await page.getByRole('button', { name: '部署规划' }).tap();
    await page.getByLabel('定位技术').selectOption('aoa');
    expect(await page.getByLabel('目标精度 CEP95（米）').inputValue()).toBe('1');
    await page.getByLabel('覆盖范围').selectOption('shown');
    const canvas = page.locator('.demo canvas').first();
    const before = await canvas.screenshot();
    const stream = page.waitForRequest((r) =>
      r.url().includes('/plan?technology=aoa&target=1&levels=L1'),
    );
    await page.getByRole('button', { name: '开始规划' }).tap();
    await stream;
    const plan = page.locator('[data-plan-devices]');
    await plan.waitFor(planned);
    expect(Number(await plan.getAttribute('data-plan-devices'))).toBeGreaterThan(5);
    await plan.getByText(/个 AOA 定位网关，预测 CEP95 0\.\d\d 米，达到目标 1 米/).waitFor();
    const rows = await page.getByRole('table').first().getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^L1\s+\d+\s+0\.\d\d 米\s+0\.\d\d 米\s+0\.\d\d 米/);
    const product = page.getByRole('link', { name: 'AOA 定位网关' });
    expect(await product.getAttribute('href')).toBe('/next/device/5');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: '下载安装清单（CSV）' }).tap();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(file);
    // UTF-8 with its byte-order mark, so spreadsheet programs read the Chinese header.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('编号,楼层,经度,纬度,安装高度（米）');
    expect(lines[1]).toMatch(/^L1-AOA-001,L1,121\.\d{7},31\.\d{7},\d\.\d$/);
    // Printed, the plan is the page: its list opened, nothing else shown.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', '');
    });
    await page.getByRole('button', { name: '打印规划（可另存为 PDF）' }).tap();
    await page.locator('body[data-printed]').waitFor();
    expect(await page.locator('.demo-plan__list').getAttribute('open')).not.toBeNull();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText('L1-AOA-001', { exact: true }).isVisible()).toBe(true);
    expect(await canvas.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    // The gateways are drawn.
    await page.waitForTimeout(300);
    expect((await canvas.screenshot()).equals(before)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // The layout changed by keyboard and pointer, then measured again: the first gateway taken
    // away from the list, a new one tapped onto the map; the lab answers for that layout.
    const count = Number(await plan.getAttribute('data-plan-devices'));
    await page.getByRole('button', { name: 'L1-AOA-001', exact: true }).tap();
    await page.getByText('已选中 L1-AOA-001（L1 层）').waitFor();
    await page.getByRole('button', { name: '删除所选设备' }).tap();
    await page.getByText(`布局已修改（${count - 1} 个设备）`, { exact: false }).waitFor();
    await page.getByRole('button', { name: '添加设备' }).tap();
    const box = (await canvas.boundingBox())!;
    await canvas.tap({ position: { x: box.width / 2, y: box.height / 2 } });
    await page.getByText(`布局已修改（${count} 个设备）`, { exact: false }).waitFor();
    // The layout tools, a device selected and the layout changed: still no serious violation.
    expect(await seriousViolations(page)).toEqual([]);
    const measured = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/plan?technology=aoa&target=1&levels=L1'),
    );
    await page.getByRole('button', { name: '重新测量' }).tap();
    const body = JSON.parse((await measured).postData() ?? '{}') as { devices: unknown[] };
    expect(body.devices).toHaveLength(count);
    await page.getByText('按您调整后的布局实测').waitFor(planned);
    expect(Number(await plan.getAttribute('data-plan-devices'))).toBe(count);
    expect(await page.getByText('布局已修改', { exact: false }).count()).toBe(0);
    // The measured layout's gateways as infrastructure.geojson, as a venue carries them.
    const layer = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载设备图层（infrastructure.geojson）' }).tap();
    const saved = await layer;
    expect(saved.suggestedFilename()).toBe('demo-hospital-aoa-infrastructure.geojson');
    const geojson = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as {
      features: { properties: { kind: string; name: string } }[];
    };
    expect(geojson.features).toHaveLength(count);
    expect(geojson.features.every((f) => f.properties.kind === 'aoa_gateway')).toBe(true);
    await context.close();
  });

  // Issue #34: the page of a scanned route holds the viewer inside its own script; the planner's
  // panel and the upload form are files of their own which that script loads later (the form
  // after the first frame, the planner when it opens), and they work.
  it('plans from the page of a scanned route on a phone, its code loaded after the first frame', async () => {
    const { context, page } = await openPhone(browser(), `${base}${scannedRoute}`);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await firstDraw(page, 'demo:first-route');
    const scripts = (before = Infinity) =>
      page.evaluate(
        (before) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime < before)
            .map((entry) => new URL(entry.name).pathname)
            .filter((path) => path.endsWith('.js')),
        before,
      );
    // The page's own script drew the first frame: no script file was fetched before it. The
    // upload form further down was hydrated after it (openPhone waited for it), its code loaded
    // then.
    const drawn = await page.evaluate(
      () => performance.getEntriesByName('demo:first-draw')[0]!.startTime,
    );
    expect(await page.locator('script[src]').count()).toBe(0);
    expect(await scripts(drawn)).toEqual([]);
    expect((await scripts()).sort()).toEqual([
      expect.stringMatching(/^\/next\/assets\/building-upload-/),
      expect.stringMatching(/^\/next\/assets\/first-frame-/),
    ]);
    await page.getByRole('button', { name: '结束导航' }).tap();
    await page.getByRole('button', { name: '返回' }).tap();
    await page.getByRole('button', { name: '部署规划' }).tap();
    await page.getByLabel('定位技术').selectOption('aoa');
    // The level shown only: the whole mall took 25 s of the suite's busy minutes, and proves
    // nothing more about where the planner's code came from.
    await page.getByLabel('覆盖范围').selectOption('shown');
    await page.getByRole('button', { name: '开始规划' }).tap();
    const plan = page.locator('[data-plan-devices]');
    await plan.waitFor(planned);
    await plan.getByText(/个 AOA 定位网关，预测 CEP95/).waitFor();
    expect(Number(await plan.getAttribute('data-plan-devices'))).toBeGreaterThan(5);
    // The planner's chunk, and the module answering its imports of the page's script.
    const loaded = await scripts();
    expect(loaded.some((path) => /^\/next\/assets\/plan-parts-[\w-]+\.js$/.test(path))).toBe(true);
    expect(loaded.some((path) => /^\/next\/assets\/first-frame-[\w-]+\.js$/.test(path))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mixes technologies by zone on a desktop: UWB anchors for the car park, AoA gateways for the rest', async () => {
    const { context, page } = await openPage(
      browser(),
      `${base}/next/demo?venue=demo-mall&plan=uwb,0.3,B1,@parking`,
    );
    const plan = page.locator('[data-plan-devices]');
    await plan.getByText(/个 UWB 定位基站，预测 CEP95/).waitFor(planned);
    const anchors = Number(await plan.getAttribute('data-plan-devices'));
    await page.getByRole('button', { name: '加入组合规划' }).click();
    await page.getByLabel('定位技术').selectOption('aoa');
    await page.getByLabel('覆盖区域').selectOption('rest');
    await page.getByRole('button', { name: '重新规划' }).click();
    await plan.getByText(/个 AOA 定位网关，预测 CEP95/).waitFor(planned);
    const gateways = Number(await plan.getAttribute('data-plan-devices'));
    await page.getByRole('button', { name: '加入组合规划' }).click();
    const combined = page.locator('[data-plan-parts="2"]');
    await combined.waitFor();
    const bill = await combined.getByRole('row').allInnerTexts();
    expect(bill.slice(1).map((row) => row.replace(/\s+/g, ' '))).toEqual([
      `UWB 定位基站 ${anchors}`,
      `AOA 定位网关 ${gateways}`,
      `PoE 网络供电点 ${anchors + gateways}`,
    ]);
    const send = combined.getByRole('link', { name: '把组合规划发送给销售' });
    const message = decodeURIComponent(
      /message=([^#]+)/.exec((await send.getAttribute('href'))!)![1]!,
    );
    expect(message).toMatch(/^组合部署规划：寻境示范购物中心。\n【UWB 基站/);
    expect(message).toContain('plan=uwb,0.3,B1,@parking');
    expect(message).toContain('plan=aoa,1,@rest');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

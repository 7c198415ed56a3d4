// "用我的场馆试一试" (issue #32) in Chromium against the real server: the demo mall's IMDF archive,
// written by the server binary itself, is uploaded on /next/editors, stored, and deleted, and so
// is a GeoJSON of rooms (test-fixtures/geojson); a broken archive shows the venue check's
// problems; a stored building's link opens it on the map, and an unknown building's link shows
// the server's refusal in place of the map. axe audits the form in each state. On a scanned
// route's page, whose form is a file loaded after the first frame, a failed load is tried again.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { iphone, openPage, useBrowser, waitForHydration } from '../helpers/browser';
import { firstDraw, scannedRoute } from '../helpers/demo';
import { serverBinary } from '../helpers/server';
import { storedZip } from '../helpers/zip';

const base = inject('baseUrl');
const browser = useBrowser();
const root = fileURLToPath(new URL('../..', import.meta.url));
const mallName = '寻境示范购物中心';

let dir = '';
let mallZip = '';
let brokenZip = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'site-buildings-'));
  mallZip = join(dir, 'mall.zip');
  execFileSync(serverBinary, ['export-imdf', 'demo-mall', '--output', mallZip], {
    env: { PATH: process.env.PATH, SITE_DIST_DIR: join(root, 'dist') },
    stdio: 'ignore',
  });
  // The mall's files with one unit on a level that does not exist: the venue check refuses it.
  const mall = join(root, 'content/venues/demo-mall');
  // Every IMDF file of the venue directory (infrastructure.geojson is ours, not IMDF).
  const files = readdirSync(mall).filter(
    (name) =>
      name === 'manifest.json' || (name.endsWith('.geojson') && name !== 'infrastructure.geojson'),
  );
  const entries = files.map((name) => {
    let bytes = readFileSync(join(mall, name));
    if (name === 'unit.geojson') {
      const units = JSON.parse(bytes.toString('utf8')) as {
        features: { properties: { level_id: string } }[];
      };
      units.features[0]!.properties.level_id = '00000000-0000-4000-8000-000000000000';
      bytes = Buffer.from(JSON.stringify(units));
    }
    return { name, bytes };
  });
  brokenZip = join(dir, 'broken.zip');
  writeFileSync(brokenZip, storedZip(entries));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The upload section's form, hydrated. */
async function openForm(path: string) {
  const opened = await openPage(browser(), `${base}${path}`);
  await waitForHydration(opened.page);
  const form = opened.page.getByRole('region', { name: '用我的场馆试一试' });
  await form.scrollIntoViewIfNeeded();
  return { ...opened, form };
}

async function upload(page: Page, file: string) {
  await page.getByLabel('选择 IMDF 压缩包').setInputFiles(file);
}

describe('a visitor uploads their own building', () => {
  it('stores the demo mall from /next/editors, offers its links, and deletes it', async () => {
    const { page, context, form, console } = await openForm('/next/editors');
    expect(await form.getByRole('heading', { level: 2 }).innerText()).toBe('用我的场馆试一试');
    expect(await seriousViolations(page)).toEqual([]);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));

    await upload(page, mallZip);
    const heading = form.getByRole('heading', { name: new RegExp(mallName) });
    await heading.waitFor({ timeout: 30_000 });
    // The focus moves in an effect, which Preact runs after the frame that shows the result.
    await expect
      .poll(() => heading.evaluate((element) => element === document.activeElement))
      .toBe(true);
    expect(await form.innerText()).toMatch(/7 个楼层/);
    expect(await form.innerText()).toMatch(/保存至 \d{4}年\d{1,2}月\d{1,2}日/);
    const open = form.getByRole('link', { name: '在地图上打开' });
    const link = await open.getAttribute('href');
    expect(link).toMatch(/^\/next\/demo\?building=[0-9a-f]{32}$/);
    const id = link!.split('=')[1]!;
    expect(await form.getByRole('link', { name: '下载 IMDF' }).getAttribute('href')).toBe(
      `/api/buildings/${id}/imdf.zip`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole('button', { name: '删除' }).click();
    const input = form.getByLabel('选择 IMDF 压缩包');
    await input.waitFor();
    await expect
      .poll(() => input.evaluate((element) => element === document.activeElement))
      .toBe(true);
    expect(requested).toContain(`DELETE ${base}/api/buildings/${id}`);
    // Nothing was downloaded: the archive link was never followed.
    expect(requested.filter((entry) => entry.endsWith('/imdf.zip'))).toEqual([]);
    expect((await fetch(`${base}/api/buildings/${id}`)).status).toBe(404);
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('stores a GeoJSON of rooms from /next/editors, with its levels', async () => {
    const { context, form, console, page } = await openForm('/next/editors');
    await upload(page, join(root, 'test-fixtures/geojson/office.geojson'));
    const heading = form.getByRole('heading', { name: /示例办公楼/ });
    await heading.waitFor({ timeout: 30_000 });
    expect(await form.innerText()).toMatch(/2 个楼层/);
    const link = await form.getByRole('link', { name: '在地图上打开' }).getAttribute('href');
    await fetch(`${base}/api/buildings/${link!.split('=')[1]}`, { method: 'DELETE' });
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('refuses a file over the limit in the browser, sending nothing', async () => {
    const { page, context, form } = await openForm('/next/editors');
    const large = join(dir, 'large.zip');
    writeFileSync(large, Buffer.alloc(21 * 1024 * 1024));
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(request.url());
    });
    await upload(page, large);
    await form.getByRole('status').filter({ hasText: '超过了 20 MB 的上限' }).waitFor();
    expect(posted).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('lists the problems of a broken archive', async () => {
    const { page, context, form } = await openForm('/next/editors');
    await upload(page, brokenZip);
    await form.getByRole('heading', { name: '这个文件没有通过检查' }).waitFor({ timeout: 30_000 });
    const table = form.getByRole('table', { name: '发现的问题' });
    const firstRow = await table.locator('tbody tr').first().innerText();
    expect(firstRow).toContain('unit.geojson');
    expect(firstRow).toContain('properties.level_id');
    expect(firstRow).toContain('references');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: '换一个文件' }).click();
    await form.getByLabel('选择 IMDF 压缩包').waitFor();
    await context.close();
  });

  it('lists the problems of a broken archive in English on the English page', async () => {
    const { page, context } = await openPage(browser(), `${base}/next/en/editors`);
    await waitForHydration(page);
    const form = page.getByRole('region', { name: 'Try it with your own venue' });
    await form.scrollIntoViewIfNeeded();
    await page.getByLabel('Choose an IMDF archive').setInputFiles(brokenZip);
    await form
      .getByRole('heading', { name: 'This file did not pass the check' })
      .waitFor({ timeout: 30_000 });
    const table = form.getByRole('table', { name: 'Problems found' });
    const firstRow = await table.locator('tbody tr').first().innerText();
    expect(firstRow).toContain('properties.level_id');
    // The engine's sentence in English: none of a Chinese sentence's punctuation.
    expect(firstRow).not.toMatch(/[，；：（）、。]/);
    expect(firstRow).toMatch(/level/i);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the refusal in place of the map for an unknown building, with the form', async () => {
    const missing = '0123456789abcdef0123456789abcdef';
    const { page, context } = await openPage(browser(), `${base}/next/demo?building=${missing}`);
    await waitForHydration(page);
    const alert = page.locator('.venue-demo').getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('没有找到这座建筑');
    expect(await page.locator('canvas').count()).toBe(0);
    const again = page.getByRole('link', { name: '重新上传您的场馆' });
    expect(await again.getAttribute('href')).toBe('#building-upload');
    expect(await page.getByLabel('选择 IMDF 压缩包').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  // Issue #34: the page of a scanned route loads the form's code after its first frame; a phone
  // that loses that request gets the form once the visitor touches it (or after a pause).
  it('loads the form again on a scanned route’s page when its file failed, at a tap', async () => {
    const context = await browser().newContext(iphone);
    let failed = 0;
    let online = false;
    await context.route('**/next/assets/building-upload-*.js', (route) => {
      if (online) return route.continue();
      failed += 1;
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    await page.goto(`${base}${scannedRoute}`);
    // The map is drawn as ever; the form's code was asked for after it, and again after the
    // first pause (load-again.ts), and failed both times.
    await firstDraw(page, 'demo:first-route');
    await expect.poll(() => failed, { timeout: 20_000 }).toBe(2);
    const form = page.locator('[data-island="building-upload"]');
    expect(await form.getAttribute('data-hydrated')).toBeNull();
    online = true;
    await page.getByText('也可以把文件拖到这里').tap();
    // Well before the next pause (10 s) would have tried again.
    await page
      .locator('[data-island="building-upload"][data-hydrated]')
      .waitFor({ timeout: 8_000 });
    const large = join(dir, 'large-on-a-phone.zip');
    writeFileSync(large, Buffer.alloc(21 * 1024 * 1024));
    await upload(page, large);
    await form.getByRole('status').filter({ hasText: '超过了 20 MB 的上限' }).waitFor();
    expect(failed).toBe(2);
    await context.close();
  });

  it('opens a stored building on the map from its link', async () => {
    const stored = (await (
      await fetch(`${base}/api/buildings`, {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: readFileSync(mallZip),
      })
    ).json()) as { id: string; link: string };
    const { page, context, console } = await openPage(browser(), `${base}${stored.link}`);
    await waitForHydration(page);
    await page.waitForFunction(
      () => performance.getEntriesByName('demo:first-draw').length > 0,
      null,
      { timeout: 20_000 },
    );
    expect(await page.locator('.demo select option:checked').innerText()).toBe(mallName);
    expect(console.messages).toEqual([]);
    await fetch(`${base}/api/buildings/${stored.id}`, { method: 'DELETE' });
    await context.close();
  });
});

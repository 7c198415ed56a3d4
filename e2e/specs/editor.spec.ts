// The online editor (issue #32) in Chromium against the real server, on a phone-sized page: the
// demo mall, uploaded as a visitor's building, opens in the editor; a route to a restaurant is
// planned in it, the restaurant's door slides along its wall, the route is planned again as the
// server now answers it, undo brings the first route back, a door is added and undone, the
// restaurant is removed and brought back, and the export link downloads the building. On a
// desktop page: a fence is drawn with taps (and one corner from the keyboard) and stored, an ATM
// is placed from the keyboard, a swap of two levels that would break the escalators is refused
// with its problems listed, a room's corners are offered as buttons, and a door chosen in the
// list is dragged along its wall on the map. axe audits the editor's panel.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { iphoneUserAgent, openPage, useBrowser, waitForHydration } from '../helpers/browser';
import { serverBinary } from '../helpers/server';

const base = inject('baseUrl');
const browser = useBrowser();
const root = fileURLToPath(new URL('../..', import.meta.url));

let dir = '';
let id = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-editor-'));
  const zip = join(dir, 'mall.zip');
  execFileSync(serverBinary, ['export-imdf', 'demo-mall', '--output', zip], {
    env: { PATH: process.env.PATH, SITE_DIST_DIR: join(root, 'dist') },
    stdio: 'ignore',
  });
  const response = await fetch(`${base}/api/buildings`, {
    method: 'POST',
    headers: { 'content-type': 'application/zip' },
    body: readFileSync(zip),
  });
  expect(response.status).toBe(201);
  id = ((await response.json()) as { id: string }).id;
});

afterAll(async () => {
  if (id) await fetch(`${base}/api/buildings/${id}`, { method: 'DELETE' });
  rmSync(dir, { recursive: true, force: true });
});

/** The path of the next route the viewer asks the server for, once `act` ran. */
async function nextRoute(page: Page, act: () => Promise<unknown>): Promise<string> {
  const answer = page.waitForResponse((response) => response.url().includes('/route?'), {
    timeout: 20_000,
  });
  await act();
  const body = (await (await answer).json()) as {
    legs: { path: { geometry: { coordinates: [number, number][] } } }[];
  };
  return JSON.stringify(body.legs.map((leg) => leg.path.geometry.coordinates));
}

/** The building in the viewer once its first level is drawn, the editor opened. */
async function openEditor(options: Parameters<typeof openPage>[2]) {
  const opened = await openPage(browser(), `${base}/next/demo?building=${id}`, options);
  const { page } = opened;
  await waitForHydration(page);
  await page.waitForFunction(
    () => performance.getEntriesByName('demo:first-draw').length > 0,
    null,
    { timeout: 20_000 },
  );
  await page.getByRole('button', { name: '编辑地图' }).click();
  return { ...opened, editor: page.getByRole('region', { name: '编辑地图' }) };
}

describe('a visitor edits their building', () => {
  it('slides a door, sees the route planned again, undoes it, adds a door, removes the room and exports', async () => {
    const { page, context, console, editor } = await openEditor({
      userAgent: iphoneUserAgent,
      width: 390,
      height: 844,
    });
    await editor.getByText('第 1 版，已保存').waitFor({ timeout: 20_000 });

    // A route to the restaurant, planned from the search box while editing.
    const search = page.getByRole('combobox', { name: '搜索地点' });
    await search.fill('haidilao');
    await page
      .getByRole('option', { name: /海底捞/ })
      .first()
      .click();
    // The route's destination, its door on L5, and the route through it.
    const route = page
      .getByRole('dialog', { name: /海底捞/ })
      .getByRole('button', { name: '到这里去' });
    const first = await nextRoute(page, () => route.click());
    await page.getByRole('button', { name: /^L5，/ }).click();
    const door = editor.getByRole('button', { name: /^门 1（/ });
    await door.waitFor({ timeout: 10_000 });
    await door.click();
    expect(await seriousViolations(page)).toEqual([]);

    // The door slides a metre along its wall (the other way when the check refuses that one):
    // saved as version 2, and the route planned again through it is another.
    let moved: string | null = null;
    for (const way of ['+', '−']) {
      const planned = nextRoute(page, () =>
        editor.getByRole('button', { name: `沿墙移动 ${way}1 米` }).click(),
      );
      const outcome = editor.getByText(/已保存为第 2 版|没有保存/).first();
      await outcome.waitFor({ timeout: 20_000 });
      if ((await outcome.innerText()).includes('没有保存')) {
        planned.catch(() => undefined);
        continue;
      }
      moved = await planned;
      break;
    }
    expect(moved).not.toBeNull();
    expect(moved).not.toBe(first);

    // Undo: version 3, the door where it was, the first route again; redo is offered.
    const undone = await nextRoute(page, () =>
      editor.getByRole('button', { name: '撤销' }).click(),
    );
    await editor.getByText('已撤销，现在是第 3 版').waitFor({ timeout: 20_000 });
    expect(undone).toBe(first);
    expect(await editor.getByRole('button', { name: '重做' }).isEnabled()).toBe(true);

    // A door added in the wall nearest the room's centre: one more door listed; undone again.
    const listed = () => editor.getByRole('button', { name: /^门 \d+（/ }).count();
    const before = await listed();
    await editor.getByRole('button', { name: '在离房间中心最近的墙上加门' }).click();
    await editor.getByText('已保存为第 4 版').waitFor({ timeout: 20_000 });
    await expect.poll(listed, { timeout: 10_000 }).toBe(before + 1);
    await editor.getByRole('button', { name: '撤销' }).click();
    await editor.getByText('已撤销，现在是第 5 版').waitFor({ timeout: 20_000 });
    await expect.poll(listed, { timeout: 10_000 }).toBe(before);

    // The restaurant removed: its floor joins the walkway and the room is no longer selected;
    // undone, it is back.
    await editor.getByRole('button', { name: /^删除这个房间/ }).click();
    await editor.getByText('已保存为第 6 版').waitFor({ timeout: 20_000 });
    await editor.getByText('还没有选中房间：请在地图上点一个房间。').waitFor();
    await editor.getByRole('button', { name: '撤销' }).click();
    await editor.getByText('已撤销，现在是第 7 版').waitFor({ timeout: 20_000 });

    const exported = await editor.getByRole('link', { name: '导出 IMDF' }).getAttribute('href');
    const archive = await fetch(`${base}${exported}`);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect(await seriousViolations(page)).toEqual([]);
    // The route to the removed restaurant, planned again while it was gone, is refused.
    expect(
      console.messages.filter((message) => !message.includes('(Unprocessable Entity)')),
    ).toEqual([]);
    await context.close();
  });

  it('draws a fence, places an ATM, lists why a swap of levels is refused, sets a level’s height, offers a room’s corners and drags a door', async () => {
    const { page, context, console, editor } = await openEditor({ width: 1280, height: 900 });
    await editor.getByText(/^第 \d+ 版，已保存$/).waitFor({ timeout: 20_000 });

    await editor.getByRole('button', { name: '画围栏' }).click();
    const map = page.locator('.demo-map');
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    for (const [dx, dy] of [
      [-60, -60],
      [60, -60],
      [60, 60],
    ] as const) {
      await page.mouse.click(cx + dx, cy + dy);
      await page.waitForTimeout(100);
    }
    // The fourth corner from the keyboard: the middle of the map.
    await editor.getByRole('button', { name: '在地图中心放一个点' }).click();
    await editor.getByText(/已点 4 个/).waitFor();
    await editor.getByLabel('名称', { exact: true }).fill('收银台警戒区');
    await editor.getByRole('button', { name: '完成' }).click();
    await editor.getByText(/^已保存为第 \d+ 版$/).waitFor({ timeout: 20_000 });
    const summary = (await (await fetch(`${base}/api/venues/${id}`)).json()) as {
      fences: { name: string }[];
    };
    expect(summary.fences.map((fence) => fence.name)).toContain('收银台警戒区');

    // An ATM placed at the map's middle, from the keyboard: the level's amenities list it.
    const atms = async () => {
      const summary = (await (await fetch(`${base}/api/venues/${id}`)).json()) as {
        defaultLevel: string;
      };
      const level = (await (
        await fetch(`${base}/api/venues/${id}/levels/${summary.defaultLevel}`)
      ).json()) as { amenities: { c: string; n?: string }[] };
      return level.amenities.filter((amenity) => amenity.n === '一层取款机').length;
    };
    await editor.getByRole('button', { name: '放置设施' }).click();
    await editor.getByLabel('类别', { exact: true }).selectOption('atm');
    await editor.getByLabel('名称', { exact: true }).fill('一层取款机');
    await editor.getByRole('button', { name: '在地图中心放一个点' }).click();
    await expect.poll(atms, { timeout: 20_000 }).toBe(1);

    // The level shown swapped with the one above: the mall's escalators would then join levels
    // that are not neighbours, so the check refuses it, lists why, and nothing changes.
    const order = async () =>
      (
        (await (await fetch(`${base}/api/venues/${id}`)).json()) as {
          levels: { id: string }[];
        }
      ).levels.map((level) => level.id);
    const before = await order();
    await editor.getByRole('button', { name: /^与上面的 .* 对调顺序$/ }).click();
    await editor
      .getByText(/不是相邻楼层；escalator 关系只连接两个相邻楼层/)
      .first()
      .waitFor({
        timeout: 20_000,
      });
    expect(await order()).toEqual(before);

    // The level's height, typed in its form and saved, is in the summary the viewer reads.
    const heights = async () =>
      (
        (await (await fetch(`${base}/api/venues/${id}`)).json()) as {
          levels: { height: number | null }[];
        }
      ).levels.map((level) => level.height);
    expect((await heights()).every((height) => height === null)).toBe(true);
    await editor.getByLabel('层高（米）').fill('5.5');
    await editor.getByRole('button', { name: '保存楼层名称和层高' }).click();
    await expect
      .poll(async () => (await heights()).filter((height) => height === 5.5), {
        timeout: 20_000,
      })
      .toEqual([5.5]);

    // A room picked on the map offers its corners as buttons, for a visitor on the keyboard.
    // (Beside the middle, where the ATM's icon now stands.)
    await page.mouse.click(cx - 40, cy + 40);
    await editor.getByRole('button', { name: '移动这个房间的角' }).click();
    await editor.getByRole('button', { name: '角 1', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await editor.getByRole('button', { name: '取消' }).click();

    // A door of the room, chosen in the list, comes to the middle of the map; dragged there
    // along its wall, it slides: the editor sends the slide (saved, or refused by the check).
    await editor.getByRole('button', { name: /^门 1（/ }).click();
    await page.waitForTimeout(1000);
    const slid = page.waitForRequest(
      (request) => request.url().endsWith('/changes') && request.postData()!.includes('"slide"'),
    );
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 30, cy + 30, { steps: 6 });
    await page.mouse.up();
    const sent = JSON.parse((await slid).postData()!) as { changes: { along_m: number }[] };
    expect(Math.abs(sent.changes[0]!.along_m)).toBeGreaterThan(0.1);
    await editor
      .getByText(/^已保存为第 \d+ 版$|没有保存/)
      .first()
      .waitFor({ timeout: 20_000 });
    // The refused swap is the one failed request the browser reports.
    expect(
      console.messages.filter((message) => !message.includes('(Unprocessable Entity)')),
    ).toEqual([]);
    await context.close();
  });
});

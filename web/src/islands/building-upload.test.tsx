// @vitest-environment jsdom
// "用我的场馆试一试" (issue #32) on the browser runtime: each state of the form, with the server's
// answers from a fetch stand-in (the real server is driven by e2e/specs/buildings.spec.ts).
import 'preact/debug';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { repoContent } from '../content/repo-content';
import type * as Api from '../demo/api-answers';
import { buildingUploadProps } from '../island-props/building-upload-props';
import { placeholderRuntime } from '../runtime/runtime';
import { BuildingUpload } from './building-upload';
import { IslandRoot } from './island-root';
import { answerEveryFetch as answer, cleanUpAfterEach } from './test-fetch';

const props = buildingUploadProps(repoContent());
const { words } = props;
const id = '0123456789abcdef0123456789abcdef';
const created: Api.BuildingCreated = {
  id,
  name: '寻境示范购物中心',
  expires_at: Date.UTC(2026, 11, 6, 4),
  levels: [
    { short: 'B1', name: '地下一层' },
    { short: 'L1', name: '一层' },
  ],
  ignored: [],
  features: 1234,
  link: `/next/demo?building=${id}`,
};

function island() {
  return (
    <IslandRoot name="building-upload" runtime={placeholderRuntime}>
      <BuildingUpload {...props} />
    </IslandRoot>
  );
}

const fileInput = () => screen.getByLabelText(words.choose) as HTMLInputElement;

function choose(...files: File[]) {
  const input = fileInput();
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const archive = (size = 10) => new File([new Uint8Array(size)], 'mall.zip');

/** One problem of an upload: its file, feature, field, rule and message. */
function problem(...[file, feature, field, rule, message]: string[]): Api.BuildingProblem {
  return { file: file!, feature: feature!, field: field!, rule: rule!, message: message! };
}

/** The server's refusal of an upload the check did not pass, with its problems. */
function invalid(message: string, ...problems: Api.BuildingProblem[]): Api.ApiRefusal {
  return { error: { code: 'building_invalid', field: null, message, problems } };
}

cleanUpAfterEach();

describe('the building upload form', () => {
  it('says what to upload and its limit, tied to a labelled zip input', () => {
    render(island());
    const input = fileInput();
    expect(input.type).toBe('file');
    expect(input.accept).toContain('.zip');
    const hint = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toContain('IMDF');
    expect(hint?.textContent).toContain('DXF');
    expect(hint?.textContent).toContain(`${words.max_mib} MB`);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('refuses a file over the limit in the browser, sending nothing', () => {
    const fetch = answer(201, created);
    render(island());
    choose(archive(words.max_mib * 1024 * 1024 + 1));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain(`${words.max_mib} MB 的上限`);
    expect(fileInput().disabled).toBe(false);
  });

  it('posts the archive, says so politely, then shows the stored building', async () => {
    const fetch = answer(201, created);
    render(island());
    choose(archive());
    expect(screen.getByRole('status').textContent).toContain('mall.zip');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/buildings');
    expect(init?.method).toBe('POST');
    const heading = await screen.findByRole('heading', { name: /寻境示范购物中心/ });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const text = document.body.textContent ?? '';
    expect(text).toContain('2 个楼层：地下一层、一层');
    expect(text).toContain('1234 个要素');
    expect(text).toContain('保存至 2026年12月6日');
    expect(text).toContain(words.private);
    const open = screen.getByRole('link', { name: words.open });
    expect(open.getAttribute('href')).toBe(`/next/demo?building=${id}`);
    expect(open.className).toContain('button--primary');
    const download = screen.getByRole('link', { name: words.download });
    expect(download.getAttribute('href')).toBe(`/api/buildings/${id}/imdf.zip`);
  });

  it('sends an archive as a ZIP and a GeoJSON of rooms as GeoJSON', async () => {
    const fetch = answer(201, created);
    render(island());
    choose(archive());
    await screen.findByRole('heading', { name: /寻境示范购物中心/ });
    cleanup();
    render(island());
    choose(new File(['{"type":"FeatureCollection","features":[]}'], 'rooms.geojson'));
    await screen.findByRole('heading', { name: /寻境示范购物中心/ });
    const types = fetch.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('content-type'),
    );
    expect(types).toEqual(['application/zip', 'application/geo+json']);
  });

  it('deletes the building and goes back to choosing', async () => {
    answer(201, created);
    render(island());
    choose(archive());
    await screen.findByRole('heading', { name: /寻境示范购物中心/ });
    const fetch = answer(204);
    act(() => screen.getByRole('button', { name: words.delete }).click());
    await waitFor(() => expect(document.activeElement).toBe(fileInput()));
    expect(fetch.mock.calls[0]![0]).toBe(`/api/buildings/${id}`);
    expect(fetch.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('shows the check problems as a table and lets the visitor try again', async () => {
    const refusal = invalid(
      '上传的场馆没有通过检查：发现 1 个问题。',
      problem('unit.geojson', 'u-1', 'properties.level_id', 'references', '引用的楼层不存在'),
    );
    answer(422, refusal);
    render(island());
    choose(archive());
    const heading = await screen.findByRole('heading', { name: words.refused_heading });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.body.textContent).toContain(refusal.error.message);
    const table = screen.getByRole('table', { name: words.problems_caption });
    const cells = [...table.querySelectorAll('tbody td')].map((cell) => cell.textContent);
    expect(cells).toEqual([
      'unit.geojson',
      'u-1',
      'properties.level_id',
      'references',
      '引用的楼层不存在',
    ]);
    act(() => screen.getByRole('button', { name: words.again }).click());
    await waitFor(() => expect(document.activeElement).toBe(fileInput()));
  });

  it('says the upload failed when no answer comes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    render(island());
    choose(archive());
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(words.failed));
    expect(fileInput().disabled).toBe(false);
  });

  describe('with CAD drawings', () => {
    const drawing: Api.DrawingAnswer = {
      layers: [
        {
          name: 'A-WALL',
          counts: { LINE: 40 },
          closed_polylines: 0,
          texts: [],
          suggested: 'wall',
        },
        {
          name: '房间',
          counts: { LWPOLYLINE: 6, TEXT: 6 },
          closed_polylines: 6,
          texts: ['前台', '会议室'],
          suggested: 'room',
        },
        {
          name: '家具',
          counts: { INSERT: 12 },
          closed_polylines: 0,
          texts: [],
          suggested: 'ignore',
        },
        { name: 'Defpoints', counts: {}, closed_polylines: 0, texts: [], suggested: 'ignore' },
      ],
      unit: 'millimetre',
      extents: { min: [0, 0], max: [30_000, 12_000] },
    };
    const dxf = (name: string) => new File(['0\nSECTION\n'], name);

    /** A fetch answering the drawings' reading and the upload, recording the requests. */
    function server(upload: { status: number; body: unknown }) {
      const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url) => {
        const { status, body } =
          url === '/api/buildings/drawings' ? { status: 200, body: drawing } : upload;
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      });
      vi.stubGlobal('fetch', fetch);
      return fetch;
    }

    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const fillIn = (label: string, value: string) =>
      fireEvent.input(field(label), { target: { value } });

    async function mapped() {
      const heading = await screen.findByRole('heading', { name: words.mapping_heading });
      await waitFor(() => expect(document.activeElement).toBe(heading));
      fillIn(words.locality, '上海市');
      fillIn(words.address, '示例路 1 号');
    }

    it('reads each drawing, shows its layers with the guesses, and sends the mapping with the files', async () => {
      const fetch = server({ status: 201, body: created });
      render(island());
      choose(dxf('B1.dxf'), dxf('L1.dxf'));
      expect(screen.getByRole('status').textContent).toContain('B1.dxf、L1.dxf');
      await mapped();
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([
        '/api/buildings/drawings',
        '/api/buildings/drawings',
      ]);
      const levels = screen.getAllByLabelText(words.level_short) as HTMLInputElement[];
      expect(levels.map((input) => input.value)).toEqual(['B1', 'L1']);
      const names = screen.getAllByLabelText(words.level_name) as HTMLInputElement[];
      expect(names.map((input) => input.value)).toEqual(['地下一层', '一层']);
      expect(document.body.textContent).toContain('按这个单位，图纸范围约 30.0 × 12.0 米');
      const table = screen.getAllByRole('table', { name: words.layers_caption })[0]!;
      expect(table.textContent).toContain('6 个闭合多段线 · 12 个对象 · 前台、会议室');
      const uses = screen.getAllByLabelText(`家具 ${words.layer_use}`) as HTMLSelectElement[];
      // An empty layer has no row to choose in, and stays ignored.
      expect(screen.queryAllByLabelText(`Defpoints ${words.layer_use}`)).toEqual([]);
      expect(uses[0]!.value).toBe('ignore');
      // A select's own change event: Testing Library's fireEvent.change sends Preact an input.
      act(() => {
        uses[0]!.value = 'room';
        uses[0]!.dispatchEvent(new Event('change', { bubbles: true }));
      });
      fillIn(words.venue_name, '示例办公楼');

      fireEvent.click(screen.getByRole('button', { name: words.convert }));
      expect(screen.getByRole('status').textContent).toBe(words.converting);
      await screen.findByRole('heading', { name: /寻境示范购物中心/ });
      const [url, init] = fetch.mock.calls[2]!;
      expect(url).toBe('/api/buildings');
      const form = init?.body as FormData;
      const mapping = JSON.parse(form.get('mapping') as string) as Api.DrawingMapping;
      expect(mapping.venue_name).toBe('示例办公楼');
      expect(mapping.address).toMatchObject({ locality: '上海市', address: '示例路 1 号' });
      expect(mapping.placement.at).toEqual([15_000, 6_000]);
      expect(mapping.levels.map((level) => [level.file, level.short_name, level.ordinal])).toEqual([
        ['B1.dxf', 'B1', -1],
        ['L1.dxf', 'L1', 0],
      ]);
      expect(mapping.levels[0]!.layers).toEqual({
        'A-WALL': 'wall',
        房间: 'room',
        家具: 'room',
        Defpoints: 'ignore',
      });
      expect(mapping.levels[1]!.layers['家具']).toBe('ignore');
      expect((form.getAll('drawing') as File[]).map((file) => file.name)).toEqual([
        'B1.dxf',
        'L1.dxf',
      ]);
    });

    it('goes back to the mapping as it was sent when the drawings are refused', async () => {
      const refusal = invalid(
        '这座建筑的数据有 1 处问题',
        problem('L1.dxf', '2F', '房间', 'dxf-room', '图层 房间 上的多段线（句柄 2F）没有闭合'),
      );
      server({ status: 422, body: refusal });
      render(island());
      choose(dxf('L1.dxf'));
      await mapped();
      fillIn(words.venue_name, '示例办公楼');
      fireEvent.click(screen.getByRole('button', { name: words.convert }));
      await screen.findByRole('heading', { name: words.refused_heading });
      expect(document.body.textContent).toContain('句柄 2F');
      fireEvent.click(screen.getByRole('button', { name: words.back_to_mapping }));
      await screen.findByRole('heading', { name: words.mapping_heading });
      expect(field(words.venue_name).value).toBe('示例办公楼');
      expect(field(words.locality).value).toBe('上海市');
    });

    it('shows a drawing the server cannot read with its name, and sends nothing else', async () => {
      const fetch = answer(422, {
        error: { code: 'building_refused', field: null, message: '这是 DWG 文件，不是 DXF' },
      });
      render(island());
      choose(dxf('plan.dxf'));
      await screen.findByRole('heading', { name: words.refused_heading });
      expect(document.body.textContent).toContain('图纸“plan.dxf”：这是 DWG 文件，不是 DXF');
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('button', { name: words.back_to_mapping })).toBeNull();
    });

    it('will not mix an archive with drawings', () => {
      const fetch = answer(201, created);
      render(island());
      choose(archive(), dxf('L1.dxf'));
      expect(fetch).not.toHaveBeenCalled();
      expect(screen.getByRole('status').textContent).toBe(words.mixed);
    });
  });
});

// @vitest-environment jsdom
// "用我的场馆试一试" (issue #32) on the browser runtime: each state of the form, with the server's
// answers from a fetch stand-in (the real server is driven by e2e/specs/buildings.spec.ts).
import 'preact/debug';
import { render, screen, waitFor } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { repoContent } from '../content/repo-content';
import type { ApiRefusal, BuildingCreated } from '../demo/api-answers';
import { buildingUploadProps } from '../island-props/building-upload-props';
import { placeholderRuntime } from '../runtime/runtime';
import { BuildingUpload } from './building-upload';
import { IslandRoot } from './island-root';

const props = buildingUploadProps(repoContent());
const { words } = props;
const id = '0123456789abcdef0123456789abcdef';
const created: BuildingCreated = {
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

function choose(file: File) {
  const input = fileInput();
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const archive = (size = 10) => new File([new Uint8Array(size)], 'mall.zip');

/** A fetch that answers every call with `status` and `body`, recording the requests. */
function answer(status: number, body?: unknown) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

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
    const refusal: ApiRefusal = {
      error: {
        code: 'building_invalid',
        field: null,
        message: '上传的场馆没有通过检查：发现 1 个问题。',
        problems: [
          {
            file: 'unit.geojson',
            feature: 'u-1',
            field: 'properties.level_id',
            rule: 'references',
            message: '引用的楼层不存在',
          },
        ],
      },
    };
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
});

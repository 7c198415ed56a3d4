// @vitest-environment jsdom
// The demo page's address: a guide screen's hand-over (?venue=&from=&to=) and a visitor's own
// building's link (?building=<id>, issue #32), which shows the server's refusal once it is gone.
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViewerWords } from '../content/venues/viewer-words';
import { placeholderRuntime } from '../runtime/runtime';
import { testLevel, testSummary } from '../demo/test-level';
import { testWords } from '../demo/test-words';
import { IslandRoot } from './island-root';
import { VenueDemo, type VenueDemoProps, loadViewer, taskFromAddress } from './venue-demo';

const venues = ['demo-mall', 'demo-hospital'];
const building = '0123456789abcdef0123456789abcdef';

describe('taskFromAddress', () => {
  it('reads a hand-over route of a known venue', () => {
    expect(taskFromAddress('?venue=demo-mall&from=a&to=b&accessible=true', venues)).toEqual({
      mode: 'nav',
      venue: 'demo-mall',
      from: 'a',
      to: 'b',
      accessible: true,
    });
    expect(taskFromAddress('?venue=demo-mall', venues)).toEqual({
      mode: 'map',
      venue: 'demo-mall',
    });
    // A level named in the address is the one shown first (its first frame's, issue #34).
    expect(taskFromAddress('?venue=demo-mall&level=B1', venues)).toEqual({
      mode: 'map',
      venue: 'demo-mall',
      level: 'B1',
    });
    expect(taskFromAddress('', venues)).toBeNull();
    expect(taskFromAddress('?venue=elsewhere', venues)).toBeNull();
  });

  it('reopens a plan sent to sales, on a demo venue or a building, and ignores a malformed one', () => {
    expect(taskFromAddress('?venue=demo-mall&plan=aoa,1,L1', venues)).toEqual({
      mode: 'plan',
      venue: 'demo-mall',
      plan: 'aoa,1,L1',
    });
    expect(taskFromAddress(`?building=${building}&plan=ble,2.5`, venues)).toEqual({
      mode: 'plan',
      venue: building,
      plan: 'ble,2.5',
    });
    for (const plan of ['wifi,1', 'ble', 'ble,x', 'ble,1,../L1', `ble,1${',L1'.repeat(31)}`]) {
      expect(taskFromAddress(`?venue=demo-mall&plan=${plan}`, venues)?.mode, plan).toBe('map');
    }
  });

  it("opens a visitor's building on its map", () => {
    expect(taskFromAddress(`?building=${building}`, venues)).toEqual({
      mode: 'map',
      venue: building,
    });
  });

  it('ignores what is not a building id', () => {
    for (const id of ['demo-mall', building.toUpperCase(), `${building}0`, '../x', '']) {
      expect(taskFromAddress(`?building=${encodeURIComponent(id)}`, venues), id).toBeNull();
    }
  });

  it('keeps a hand-over before a building', () => {
    expect(taskFromAddress(`?venue=demo-hospital&building=${building}`, venues)?.venue).toBe(
      'demo-hospital',
    );
  });
});

const props: VenueDemoProps = {
  task: { mode: 'map', venue: 'demo-mall' },
  layout: 'page',
  venues: [{ id: 'demo-mall', name: '寻境示范购物中心', defaultLevel: 'L1' }],
  words: {
    start: '试一试',
    hint: '提示',
    loading: '正在加载地图…',
    failed: '失败',
    retry: '重试',
  },
  viewerWords: {} as ViewerWords,
  preview: null,
  readsAddress: true,
  building: { uploadPath: '#building-upload', uploadAgain: '重新上传您的场馆' },
};

describe("the launcher on a visitor's building", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '';
  });

  it('shows the refusal of an unknown building in place of the map, and the way to the form', async () => {
    window.history.replaceState(null, '', `/next/demo?building=${building}`);
    const message = '没有找到这座建筑：它的链接可能已经过期，或者已被删除';
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { code: 'building_unknown', field: null, message } }),
          { status: 404, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <IslandRoot name="venue-demo" runtime={placeholderRuntime}>
        <VenueDemo {...props} />
      </IslandRoot>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(fetch).toHaveBeenCalledWith(`/api/buildings/${building}`, expect.anything());
    const link = screen.getByRole('link', { name: '重新上传您的场馆' });
    expect(link.getAttribute('href')).toBe('#building-upload');
    expect(screen.queryByRole('button', { name: '试一试' })).toBeNull();
  });
});

describe('the demo page, before the press', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it("asks for the viewer's code and its task's first level once idle, and the press takes them", async () => {
    window.history.replaceState(null, '', '/next/demo');
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    // jsdom does not scroll; the launcher brings the running viewer into view.
    Element.prototype.scrollIntoView ??= () => undefined;
    const summaryUrl = '/api/venues/test-mall';
    const levelUrl = '/api/venues/test-mall/levels/L1';
    const fetch = vi.fn(async (url: string) => {
      const body = url === summaryUrl ? testSummary() : url === levelUrl ? testLevel() : null;
      return new Response(JSON.stringify(body), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetch);
    const asked = (url: string) => fetch.mock.calls.filter(([each]) => each === url).length;
    render(
      <IslandRoot name="venue-demo" runtime={placeholderRuntime}>
        <VenueDemo
          {...props}
          task={{ mode: 'map', venue: 'test-mall' }}
          venues={[{ id: 'test-mall', name: '测试商场', defaultLevel: 'L1' }]}
          viewerWords={testWords()}
        />
      </IslandRoot>,
    );
    expect(fetch).not.toHaveBeenCalled();
    // jsdom has no idle callback: the wait for idle time is 200 ms.
    await waitFor(() => expect(asked(levelUrl)).toBe(1), { timeout: 2000 });
    expect(asked(summaryUrl)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '试一试' }));
    await screen.findByRole('img', { name: '测试商场 L1（一层）地图' }, { timeout: 5000 });
    expect([asked(summaryUrl), asked(levelUrl)]).toEqual([1, 1]);
  });
});

describe("the viewer's code", () => {
  it('is fetched once, whether intent, idle time or the press asks for it first', async () => {
    const first = loadViewer();
    expect(loadViewer()).toBe(first);
    expect(typeof (await first).Viewer).toBe('function');
  });
});

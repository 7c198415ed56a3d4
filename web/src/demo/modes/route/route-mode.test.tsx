import { act, fireEvent, screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModeKit } from '../kit';
import { fill } from '../../../format/fill';
import { type Answer, renderMode, settle, answerFetch, testKit, testWalk } from '../test-kit';
import { useRouteMode } from './route-mode';

const walk = testWalk();
let answer: Answer;
const requested = answerFetch(() => answer);
beforeEach(() => {
  answer = { status: 200, body: walk };
});

function renderRoute(kit: ModeKit, onShown = vi.fn()) {
  return renderMode(
    () => useRouteMode(kit, { current: null }, onShown),
    (route) => (
      <>
        {route.back('kiosk')}
        {route.panel()}
      </>
    ),
  );
}

/** The route mode with the route from `from` to the shop shown. */
async function renderPlanned(kit: ModeKit, from = 'gate') {
  const rendered = renderRoute(kit);
  act(() => rendered.mode.current.plan(from, 'occ-shop', {}));
  await settle();
  return rendered.mode;
}

describe('the route mode', () => {
  it('plans a route: the panel takes focus, a screen reader hears it, its first leg comes into view', async () => {
    const kit = testKit();
    const onShown = vi.fn();
    const { mode } = renderRoute(kit, onShown);
    act(() => mode.current.plan('gate', 'occ-shop', { focusPanel: true }));
    expect(screen.getByText(kit.words.route_planning)).toBeTruthy();
    await settle();
    expect(requested).toEqual(['/api/venues/test-mall/route?from=gate&to=occ-shop']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: kit.words.route }));
    expect(kit.announce).toHaveBeenCalledWith(
      fill(kit.words.route_announce, { from: '西门', to: '星巴克', distance: 50, minutes: 1 }),
    );
    expect(onShown).toHaveBeenCalledOnce();
    expect(kit.quiet).toHaveBeenCalled();
    const [box, closest] = vi.mocked(kit.moveMap).mock.calls[0]!;
    expect(box.map(Math.round)).toEqual([0, 100, 250, 350]);
    expect(closest).toBe(2);
    expect(mode.current.ends).toEqual({ from: 'gate', to: 'occ-shop' });
  });

  it('draws its pins and outlines the shop it ends at, on the level shown only', async () => {
    const mode = await renderPlanned(testKit());
    expect(mode.current.markers.map((marker) => marker.kind)).toEqual(['start', 'end']);
    expect(mode.current.highlight).toBe('shop');
    expect(mode.current.map.routeLevels).toEqual(['L1']);

    const below = await renderPlanned(testKit({ level: 'B1' }));
    expect(below.current.markers).toEqual([]);
    expect(below.current.highlight).toBeNull();
  });

  it('swaps its ends, asks for an accessible route when asked, and shows a step on the map', async () => {
    const kit = testKit();
    await renderPlanned(kit);
    fireEvent.click(screen.getByRole('button', { name: kit.words.swap }));
    await settle();
    expect(requested.at(-1)).toBe('/api/venues/test-mall/route?from=occ-shop&to=gate');
    fireEvent.click(screen.getByRole('checkbox', { name: kit.words.accessible }));
    await settle();
    expect(requested.at(-1)).toBe(
      '/api/venues/test-mall/route?from=occ-shop&to=gate&accessible=true',
    );
    fireEvent.click(screen.getByRole('button', { name: /直行 25 米/ }));
    expect(kit.show).toHaveBeenLastCalledWith('L1');
    const [box] = vi.mocked(kit.moveMap).mock.calls.at(-1)!;
    expect(box.map(Math.round)).toEqual([50, -100, 450, 300]);
  });

  it('reports a failed request with a retry that asks again', async () => {
    const kit = testKit();
    const { mode } = renderRoute(kit);
    answer = 'offline';
    act(() => mode.current.plan('gate', 'occ-shop', {}));
    await settle();
    expect(mode.current.route).toBeNull();
    expect(screen.queryByText(kit.words.route_planning)).toBeNull();
    const retry = vi.mocked(kit.fail).mock.calls[0]![1];
    answer = { status: 200, body: walk };
    act(() => retry());
    await settle();
    expect(requested).toHaveLength(2);
    expect(screen.getByRole('heading', { name: kit.words.route })).toBeTruthy();
  });

  it('clears: the route goes, and a guide screen goes back to its directory', async () => {
    const kit = testKit({ kiosk: 'kiosk' });
    const mode = await renderPlanned(kit, 'kiosk');
    fireEvent.click(screen.getByRole('button', { name: kit.words.route_clear }));
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'clear', kiosk: true });
    expect(mode.current.route).toBeNull();
    expect(mode.current.ends).toBeNull();
    expect(screen.queryByRole('heading', { name: kit.words.route })).toBeNull();
  });

  it('goes back: the route goes with the mode that planned it', async () => {
    const kit = testKit();
    const mode = await renderPlanned(kit);
    fireEvent.click(screen.getByRole('button', { name: kit.words.back }));
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'kiosk' });
    expect(mode.current.route).toBeNull();
  });

  it("asks for a hand-over's route at once and opens the task with that answer", async () => {
    const kit = testKit({
      task: { mode: 'nav', venue: 'test-mall', from: 'gate', to: 'occ-shop', accessible: true },
    });
    const { mode } = renderRoute(kit);
    expect(requested).toEqual([
      '/api/venues/test-mall/route?from=gate&to=occ-shop&accessible=true',
    ]);
    act(() => mode.current.begin());
    await settle();
    expect(requested).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: kit.words.accessible })).toHaveProperty(
      'checked',
      true,
    );
    expect(mode.current.route?.answer.to.name).toBe('星巴克');
  });
});

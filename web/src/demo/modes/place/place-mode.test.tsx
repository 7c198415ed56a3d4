import { act, fireEvent, screen, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { type PlaceInfo, placeFromResult } from '../../places';
import { testResult, testSummary } from '../../test-level';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import type { RouteMode } from '../route/route-mode';
import { renderMode, settle, testKit } from '../test-kit';
import { fakeRoute } from '../route/fake-route';
import { usePlaceMode } from './place-mode';

const shop = placeFromResult(testResult(), testSummary().origin);
/** The information desk: an amenity standing in the corridor, which is not outlined. */
const desk = {
  ref: 'desk',
  name: '服务台',
  category: '服务台',
  level: 'L1',
  x: 300,
  y: 100,
  kind: 'amenity',
};

function renderPlace(kit: ModeKit, route: RouteMode = fakeRoute()) {
  return renderMode(
    () => usePlaceMode(kit),
    (place) => (
      <>
        {place.notice}
        {place.view(route)}
      </>
    ),
  );
}

/** The card of `place` open, routes planned through a stand-in. */
function renderCard(place: PlaceInfo, route = fakeRoute()) {
  const kit = testKit();
  const { mode } = renderPlace(kit, route);
  act(() => mode.current.open(place));
  return { kit, route, mode };
}

describe('the place card', () => {
  it('opens over the map: the place comes into view, and the card fills in from its level', async () => {
    const kit = testKit();
    const { mode } = renderPlace(kit);
    act(() => mode.current.open(shop));
    await settle();
    const card = screen.getByRole('dialog', { name: '星巴克' });
    expect(within(card).getByText('每天 10:00–22:00')).toBeTruthy();
    expect(kit.show).toHaveBeenCalledWith('L1');
    const [box] = vi.mocked(kit.moveMap).mock.calls[0]!;
    expect(box.map(Math.round)).toEqual([-10, 90, 510, 610]);
  });

  it('outlines a shop, and pins a place that stands in a corridor', () => {
    const { mode } = renderPlace(testKit());
    act(() => mode.current.open(shop));
    expect(mode.current.highlight).toBe('shop');
    expect(mode.current.markers).toEqual([]);
    act(() => mode.current.open(desk));
    expect(mode.current.highlight).toBeNull();
    expect(mode.current.markers).toEqual([{ kind: 'place', x: 300, y: 100, unit: undefined }]);
    act(() => mode.current.pick(undefined));
    expect(mode.current.card).toBeNull();
    expect(mode.current.markers).toEqual([]);
  });

  it('plans the route to the place from where the visitor is', () => {
    const { kit, route } = renderCard(shop);
    fireEvent.click(screen.getByRole('button', { name: kit.words.go_here }));
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'route' });
    expect(route.plan).toHaveBeenCalledWith('gate', 'occ-shop', { focusPanel: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts from the place: the start panel asks where to, and the next place is the end', () => {
    const { kit, route, mode } = renderCard(desk);
    fireEvent.click(screen.getByRole('button', { name: kit.words.start_here }));
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'start' });
    expect(screen.getByText(fill(kit.words.route_pick_to, { place: '服务台' }))).toBeTruthy();
    act(() => mode.current.open(shop));
    fireEvent.click(screen.getByRole('button', { name: kit.words.go_here }));
    expect(route.plan).toHaveBeenCalledWith('desk', 'occ-shop', { focusPanel: true });
    expect(screen.queryByText(fill(kit.words.route_pick_to, { place: '服务台' }))).toBeNull();
  });

  it('starts a planned route again from the place', () => {
    const { kit, route } = renderCard(desk, fakeRoute({ ends: { from: 'gate', to: 'occ-shop' } }));
    fireEvent.click(screen.getByRole('button', { name: kit.words.start_here }));
    expect(route.plan).toHaveBeenCalledWith('desk', 'occ-shop', { focusPanel: true });
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'route' });
  });
});

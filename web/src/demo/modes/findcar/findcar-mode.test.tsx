import { act, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { FindCarAnswer } from '../../api';
import { testSummary } from '../../test-level';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import type { RouteMode } from '../route/route-mode';
import { renderPanel, settle, answerFetch, testAt, testKit, testWalk } from '../test-kit';
import { fakeRoute } from '../route/fake-route';
import { useFindCarMode } from './findcar-mode';

const found: FindCarAnswer = {
  car: '沪A·D2345',
  plate: true,
  space: {
    id: 'B1-001',
    kind: 'space',
    name: 'B1-001',
    level: 'B1',
    point: testAt(612, 226),
    zone: 'A区',
  },
  route: testWalk(),
};
const requested = answerFetch(() => ({ status: 200, body: found }));

const renderFindCar = (kit: ModeKit, route: RouteMode) =>
  renderPanel(() => useFindCarMode(kit, route));

describe('the find-my-car mode', () => {
  it('finds a sample plate: names the space and its zone, and shows the route to it', async () => {
    const kit = testKit({ task: { mode: 'findcar', venue: 'test-mall', from: 'gate' } });
    const route = fakeRoute({ accessible: true });
    renderFindCar(kit, route);
    fireEvent.click(screen.getByRole('button', { name: '沪A·D2345' }));
    expect(route.cancel).toHaveBeenCalled();
    await settle();
    expect(requested).toEqual([
      `/api/venues/test-mall/findcar?car=${encodeURIComponent('沪A·D2345')}&from=gate&accessible=true`,
    ]);
    expect(
      screen.getByText(
        fill(kit.words.findcar_found, { space: 'B1-001', zone: 'A区', level: 'B1' }),
      ),
    ).toBeTruthy();
    expect(route.show).toHaveBeenCalledWith(found.route, {}, { from: 'gate', to: 'B1-001' });
  });

  it('keeps its button off while a route is being planned', () => {
    renderFindCar(testKit(), fakeRoute({ busy: true }));
    expect(screen.getByRole('button', { name: testKit().words.findcar_submit })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('opens afresh, without the car found before', async () => {
    const kit = testKit();
    const { mode } = renderFindCar(kit, fakeRoute());
    fireEvent.click(screen.getByRole('button', { name: '沪A·D2345' }));
    await settle();
    act(() => mode.current.open());
    expect(kit.dispatch).toHaveBeenCalledWith({ type: 'open', mode: 'findcar' });
    expect(screen.queryByText(/B1-001/)).toBeNull();
  });

  it('says so in a venue without a car park', () => {
    const summary = testSummary();
    const kit = testKit({
      summary: {
        ...summary,
        levels: summary.levels.map((level) => ({ ...level, parking: false })),
      },
    });
    const { mode } = renderFindCar(kit, fakeRoute());
    expect(mode.current.parking).toBe(false);
    expect(screen.getByText(kit.words.findcar_none)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

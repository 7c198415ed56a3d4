import { act, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it } from 'vitest';
import type { KioskAnswer } from '../../api';
import { modelRoute } from '../../route-track';
import { testSummary } from '../../test-level';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import type { RouteMode } from '../route/route-mode';
import { renderPanel, settle, answerFetch, testKit, testWalk } from '../test-kit';
import { fakeRoute } from '../route/fake-route';
import { kioskOf, useKioskMode } from './kiosk-mode';

const directory: KioskAnswer = {
  kiosk: { id: 'kiosk', name: 'L1 导视屏', level: 'L1', point: [121.4, 31.17], facing: 90 },
  directory: [
    {
      label: '餐饮',
      levels: [
        {
          level: 'L1',
          entries: [{ id: 'occ-shop', name: '星巴克', category: 'cafe', kind: 'occupant' }],
        },
      ],
    },
  ],
};
const kioskTask = { mode: 'kiosk', venue: 'test-mall' } as const;
const requested = answerFetch(() => ({ status: 200, body: directory }));

const renderKiosk = (kit: ModeKit, route: RouteMode) => renderPanel(() => useKioskMode(kit, route));

describe('the guide-screen mode', () => {
  it("stands for the task's screen, else the venue's first, in a kiosk task only", () => {
    const summary = testSummary();
    expect(kioskOf({ ...kioskTask, kiosk: 'other' }, summary)).toBe('other');
    expect(kioskOf(kioskTask, summary)).toBe('kiosk');
    expect(kioskOf(kioskTask, null)).toBeUndefined();
    expect(kioskOf({ mode: 'map', venue: 'test-mall' }, summary)).toBeUndefined();
  });

  it("opens on the screen's level with its directory; a place chosen is routed from the screen", async () => {
    const kit = testKit({ task: kioskTask, kiosk: 'kiosk', level: null });
    const route = fakeRoute();
    const { mode } = renderKiosk(kit, route);
    expect(screen.getByText(kit.words.loading)).toBeTruthy();
    act(() => mode.current.begin('B1'));
    await settle();
    expect(kit.show).toHaveBeenCalledWith('L1');
    expect(requested).toEqual(['/api/venues/test-mall/kiosks/kiosk']);
    expect(screen.getByText(fill(kit.words.kiosk_here, { name: 'L1 导视屏' }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '星巴克' }));
    expect(route.plan).toHaveBeenCalledWith('kiosk', 'occ-shop', { focusPanel: true });
  });

  it('turns the map to the way the screen faces and marks it on its level', () => {
    const { mode } = renderKiosk(testKit({ task: kioskTask, kiosk: 'kiosk' }), fakeRoute());
    expect(mode.current.bearing).toBe(90);
    expect(mode.current.markers).toEqual([
      { kind: 'here', x: 800, y: 100, text: testKit().words.you_are_here },
    ]);
    const below = renderKiosk(
      testKit({ task: kioskTask, kiosk: 'kiosk', level: 'B1' }),
      fakeRoute(),
    );
    expect(below.mode.current.markers).toEqual([]);
  });

  it('hands a planned route over to a phone with a QR code, and goes back to the directory', () => {
    const kit = testKit({ task: kioskTask, kiosk: 'kiosk' });
    const walk = testWalk();
    const route = fakeRoute({
      route: modelRoute(walk, testSummary().origin),
      ends: { from: 'kiosk', to: 'occ-shop' },
      panel: (extra) => <section>{extra}</section>,
      back: (to) => <button type="button">{to}</button>,
    });
    renderKiosk(kit, route);
    const code = screen.getByRole('img', { name: fill(kit.words.qr_alt, { place: '星巴克' }) });
    expect(code.getAttribute('src')).toBe(
      kit.api.handoverUrl('test-mall', 'kiosk', 'occ-shop', false),
    );
    expect(screen.getByRole('button', { name: 'kiosk' })).toBeTruthy();
  });
});

import { act, screen } from '@testing-library/preact';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FlowAnswer } from '../../api';
import { heatColour, heatLayerOf } from '../../heat-map';
import { testHeatGrid } from '../../test-level';
import { testWords } from '../../test-words';
import { answerFetch, renderPanel, settle, testKit } from '../test-kit';
import { recentDates, useFlowMode } from './flow-mode';
import { dateLabel, openHours } from './flow-panel';

const day = (arrivals: number[], present: number[]): FlowAnswer => ({
  venue: 'demo-mall',
  date: '2026-11-24',
  weekend: false,
  hours_counted: 24,
  visitors: arrivals.reduce((a, b) => a + b, 0),
  arrivals,
  present,
  zones: [],
  heat: { ...testHeatGrid(), peak_s: 10 },
  parking: null,
});

describe('flow analytics', () => {
  it('lists the hours from the first with anyone in to the last', () => {
    const arrivals = Array<number>(24).fill(0);
    const present = Array<number>(24).fill(0);
    arrivals[10] = 5;
    present[10] = 3;
    present[22] = 1;
    expect(openHours(day(arrivals, present))).toEqual([...Array(13).keys()].map((h) => h + 10));
    expect(openHours(day(Array(24).fill(0), Array(24).fill(0)))).toEqual([]);
  });

  it("offers Beijing's dates, today first, for the seven days the server keeps", () => {
    // 2026-11-24T17:30Z is already the 25th in Beijing.
    const dates = recentDates(Date.UTC(2026, 10, 24, 17, 30));
    expect(dates).toHaveLength(8);
    expect(dates[0]).toBe('2026-11-25');
    expect(dates[1]).toBe('2026-11-24');
    expect(dates[7]).toBe('2026-11-18');
    expect(dateLabel(testWords(), '2026-11-05')).toBe('11月5日');
  });

  it('turns the heat grid into pixels: none transparent, cold blue, the warmest red', () => {
    expect(heatColour(0)[3]).toBe(0);
    const [r1, , b1, a1] = heatColour(1);
    expect(b1).toBeGreaterThan(r1);
    const [r255, , b255, a255] = heatColour(255);
    expect(r255).toBeGreaterThan(b255);
    expect(a255).toBeGreaterThan(a1);
    const layer = heatLayerOf(day(Array(24).fill(0), Array(24).fill(0)).heat, [121.4, 31.17]);
    expect([layer.columns, layer.rows, layer.pixels.length]).toEqual([2, 2, 16]);
    expect(layer.pixels[3]).toBe(0);
    expect(layer.pixels[15]).toBe(a255);
    expect(layer.x).toBeCloseTo(0);
    // About 9.5 m east and 11 m north, in decimetres.
    expect(layer.width).toBeGreaterThan(90);
    expect(layer.height).toBeGreaterThan(100);
  });
});

/** A day with `visitors` at ten o'clock and one car in the car park. */
const busy = (visitors: number): FlowAnswer => {
  const hours = Array.from({ length: 24 }, (_, hour) => (hour === 10 ? visitors : 0));
  const parking = { levels: [{ level: 'B1', spaces: 1, occupied: hours }], at: 10, level: 'B1' };
  return { ...day(hours, hours), parking: { ...parking, taken: ['space'] } };
};
let visitors: number;
const requested = answerFetch(() => ({ status: 200, body: busy(visitors) }));
beforeEach(() => {
  visitors = 40;
});

function renderFlow() {
  const kit = testKit();
  return renderPanel(() => {
    const [open, setOpen] = useState(false);
    return { setOpen, ...useFlowMode(kit, open) };
  });
}

describe('the flow mode', () => {
  it('asks for the level shown only once open, and hands over its heat map and the spaces taken', async () => {
    const { mode } = renderFlow();
    await settle();
    expect(requested).toEqual([]);
    expect(mode.current.map).toEqual({ heat: null, taken: null });
    act(() => mode.current.setOpen(true));
    await settle();
    expect(requested).toEqual(['/api/venues/test-mall/flow?level=L1']);
    expect(mode.current.map.heat?.columns).toBe(2);
    expect(mode.current.map.taken).toEqual({ level: 'B1', ids: ['space'] });
    expect(screen.getByRole('heading', { name: testWords().flow })).toBeTruthy();
    act(() => mode.current.setOpen(false));
    expect(mode.current.map).toEqual({ heat: null, taken: null });
  });

  it('shows yesterday before the venue opens today', async () => {
    visitors = 0;
    const { mode } = renderFlow();
    act(() => mode.current.setOpen(true));
    await settle();
    expect(requested).toEqual([
      '/api/venues/test-mall/flow?level=L1',
      `/api/venues/test-mall/flow?level=L1&date=${recentDates(Date.now())[1]}`,
    ]);
    expect(screen.getByText(testWords().flow_closed)).toBeTruthy();
  });
});

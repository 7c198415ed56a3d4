import { describe, expect, it } from 'vitest';
import { dotsOf } from './live-dots';
import type { LiveFrame } from './live-stream';
import { lonLatToWorld } from './projection';

const origin: [number, number] = [121.4, 31.17];

const frame: LiveFrame = {
  second: 1,
  level: null,
  accuracy: [],
  alerts: [],
  tags: [
    {
      id: 'BLE-01',
      technology: 'ble',
      level: 'L1',
      point: [121.4001, 31.1701],
      spreadM: 1.5,
      truth: { level: 'L1', point: [121.40011, 31.17011] },
    },
    // Estimated on L1, truly on L2: the ring belongs to the other level's map.
    {
      id: 'UWB-01',
      technology: 'uwb',
      level: 'L1',
      point: [121.4002, 31.1702],
      spreadM: 0.1,
      truth: { level: 'L2', point: [121.4002, 31.1702] },
    },
    { id: 'AOA-01', technology: 'aoa', level: 'L2', point: [121.4003, 31.1703], spreadM: 0.3 },
  ],
};

describe('dotsOf', () => {
  it('places the tags of the level in the venue frame, spread in decimetres, truth on its level only', () => {
    const dots = dotsOf(frame, origin, 'L1');
    expect(dots.map((dot) => dot.id)).toEqual(['BLE-01', 'UWB-01']);
    const [x, y] = lonLatToWorld(origin, [121.4001, 31.1701]);
    expect(dots[0]).toMatchObject({ x, y, spread: 15, technology: 'ble' });
    const [tx, ty] = lonLatToWorld(origin, [121.40011, 31.17011]);
    expect(dots[0]?.truth).toEqual({ x: tx, y: ty });
    expect(dots[1]?.truth).toBeUndefined();
    expect(dotsOf(null, origin, 'L1')).toEqual([]);
  });
});

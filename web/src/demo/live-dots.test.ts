import { describe, expect, it } from 'vitest';
import { dotsOf } from './live-dots';
import type { LiveFrame, LiveTag } from './live-stream';
import { lonLatToWorld } from './projection';

const origin: [number, number] = [121.4, 31.17];

/** A tag at `point` on `level`, and where it truly is when the stream tells. */
const tag = (
  id: string,
  technology: LiveTag['technology'],
  [level, point]: [string, [number, number]],
  spreadM: number,
  truth?: [string, [number, number]],
): LiveTag => ({
  id,
  technology,
  level,
  point,
  spreadM,
  ...(truth ? { truth: { level: truth[0], point: truth[1] } } : {}),
});

const frame: LiveFrame = {
  second: 1,
  level: null,
  accuracy: [],
  alerts: [],
  tags: [
    tag('BLE-01', 'ble', ['L1', [121.4001, 31.1701]], 1.5, ['L1', [121.40011, 31.17011]]),
    // Estimated on L1, truly on L2: the ring belongs to the other level's map.
    tag('UWB-01', 'uwb', ['L1', [121.4002, 31.1702]], 0.1, ['L2', [121.4002, 31.1702]]),
    tag('AOA-01', 'aoa', ['L2', [121.4003, 31.1703]], 0.3),
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

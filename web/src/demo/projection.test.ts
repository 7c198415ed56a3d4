import { describe, expect, it } from 'vitest';
import {
  type Camera,
  cameraMatrix,
  compose,
  earthRadius,
  invert,
  lonLatToMetres,
  metresToLonLat,
  panBy,
  roofShift,
  rotateAround,
  screenToWorld,
  worldToScreen,
  zoomAround,
} from './projection';

const origin: [number, number] = [121.4, 31.17];
const camera: Camera = { x: 100, y: -50, scale: 0.8, bearing: 0, tilt: 0, width: 800, height: 600 };

function random(seed: number) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

describe('lon/lat and local metres (docs/venue-contract.md §2.3)', () => {
  it('follows the contract formula', () => {
    const [x, y] = lonLatToMetres(origin, 121.401, 31.171);
    const rad = Math.PI / 180;
    expect(x).toBeCloseTo(0.001 * rad * earthRadius * Math.cos(31.17 * rad), 6);
    expect(y).toBeCloseTo(0.001 * rad * earthRadius, 6);
    expect(lonLatToMetres(origin, ...origin)).toEqual([0, 0]);
  });

  it('round-trips to well under a millimetre', () => {
    const next = random(3);
    for (let i = 0; i < 200; i += 1) {
      const x = (next() - 0.5) * 2000;
      const y = (next() - 0.5) * 2000;
      const [lon, lat] = metresToLonLat(origin, x, y);
      const [bx, by] = lonLatToMetres(origin, lon, lat);
      expect(Math.abs(bx - x)).toBeLessThan(1e-6);
      expect(Math.abs(by - y)).toBeLessThan(1e-6);
    }
  });
});

describe('camera: world decimetres and screen pixels', () => {
  it('puts the camera centre in the middle of the view, north up', () => {
    expect(worldToScreen(camera, 100, -50)).toEqual([400, 300]);
    const [, north] = worldToScreen(camera, 100, 50);
    const [east] = worldToScreen(camera, 200, -50);
    expect(north).toBeCloseTo(300 - 100 * 0.8);
    expect(east).toBeCloseTo(400 + 100 * 0.8);
  });

  it('turns the bearing up the screen', () => {
    const turned = { ...camera, bearing: Math.PI / 2 };
    // Looking east: a point east of the centre is above it.
    const [sx, sy] = worldToScreen(turned, 200, -50);
    expect(sx).toBeCloseTo(400);
    expect(sy).toBeCloseTo(300 - 80);
  });

  it('shortens north-south distances and lifts heights when tilted', () => {
    const tilted = { ...camera, tilt: Math.PI / 4 };
    const [, north] = worldToScreen(tilted, 100, 50);
    expect(north).toBeCloseTo(300 - 80 * Math.cos(Math.PI / 4));
    const [, high] = worldToScreen(tilted, 100, -50, 30);
    expect(high).toBeCloseTo(300 - 30 * 0.8 * Math.sin(Math.PI / 4));
  });

  it('round-trips under pan, zoom, rotation and tilt, at any height', () => {
    const next = random(11);
    for (let i = 0; i < 300; i += 1) {
      const cam: Camera = {
        x: (next() - 0.5) * 4000,
        y: (next() - 0.5) * 4000,
        scale: 0.05 + next() * 8,
        bearing: next() * Math.PI * 2,
        tilt: next() * 1.1,
        width: 320 + next() * 1200,
        height: 320 + next() * 800,
      };
      const x = (next() - 0.5) * 3000;
      const y = (next() - 0.5) * 3000;
      const z = next() * 50;
      const [sx, sy] = worldToScreen(cam, x, y, z);
      const [bx, by] = screenToWorld(cam, sx, sy, z);
      expect(bx).toBeCloseTo(x, 6);
      expect(by).toBeCloseTo(y, 6);
    }
  });

  it('shifts a roof by the vector roofShift gives, whatever the bearing', () => {
    for (const bearing of [0, 0.7, 2, 4.5]) {
      const cam = { ...camera, bearing, tilt: 0.7 };
      const [vx, vy] = roofShift(cam, 36);
      const roof = worldToScreen(cam, 10, 20, 36);
      const shifted = worldToScreen(cam, 10 + vx, 20 + vy, 0);
      expect(shifted[0]).toBeCloseTo(roof[0], 6);
      expect(shifted[1]).toBeCloseTo(roof[1], 6);
    }
  });

  it('keeps the point under the cursor when zooming and rotating, and pans by pixels', () => {
    const cam = { ...camera, bearing: 1, tilt: 0.5 };
    const under = screenToWorld(cam, 123, 456);
    const zoomed = zoomAround(cam, 123, 456, 2.5, [0.01, 100]);
    expect(zoomed.scale).toBeCloseTo(2);
    const [zx, zy] = worldToScreen(zoomed, under[0], under[1]);
    expect(zx).toBeCloseTo(123, 6);
    expect(zy).toBeCloseTo(456, 6);
    const turned = rotateAround(cam, 123, 456, 0.8);
    const [rx, ry] = worldToScreen(turned, under[0], under[1]);
    expect(rx).toBeCloseTo(123, 6);
    expect(ry).toBeCloseTo(456, 6);
    const panned = panBy(cam, 40, -25);
    const [px, py] = worldToScreen(panned, under[0], under[1]);
    expect(px).toBeCloseTo(163, 6);
    expect(py).toBeCloseTo(431, 6);
  });

  it('clamps zoom to its limits', () => {
    expect(zoomAround(camera, 0, 0, 100, [0.1, 4]).scale).toBe(4);
    expect(zoomAround(camera, 0, 0, 0.001, [0.1, 4]).scale).toBe(0.1);
  });
});

describe("moving a finished render (the renderer's CSS transform)", () => {
  it('maps the old render onto the new view exactly when only pan, zoom or a flat turn changed', () => {
    const before: Camera = { ...camera, bearing: 0.3 };
    for (const after of [
      { ...before, x: 140, y: -20 },
      { ...before, scale: 1.7 },
      { ...before, bearing: 1.1, x: 90 },
    ]) {
      const move = compose(cameraMatrix(after), invert(cameraMatrix(before)));
      for (const [x, y] of [
        [0, 0],
        [250, -300],
        [-80, 40],
      ] as const) {
        const [ox, oy] = worldToScreen(before, x, y);
        const [nx, ny] = worldToScreen(after, x, y);
        expect(move[0] * ox + move[2] * oy + move[4]).toBeCloseTo(nx, 6);
        expect(move[1] * ox + move[3] * oy + move[5]).toBeCloseTo(ny, 6);
      }
    }
  });

  it('inverts a transform', () => {
    const m = cameraMatrix({ ...camera, bearing: 2, tilt: 0.6 });
    const identity = compose(m, invert(m));
    expect(identity.map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 0, 0, 1, 0, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { pointInPoly, pointInRing } from './geometry';
import { hitUnit } from './hit-test';
import { modelLevel } from './level-model';
import { type Camera, screenToWorld, worldToScreen } from './projection';
import { testLevel } from './test-level';

const level = modelLevel(testLevel());
const base: Camera = { x: 500, y: 300, scale: 1, bearing: 0, tilt: 0, width: 1000, height: 700 };
const cameras: Camera[] = [
  base,
  { ...base, bearing: 0.9 },
  { ...base, bearing: 3.6, scale: 2.2, x: 450 },
  { ...base, bearing: 5.1, tilt: 0.7 },
];

describe('point in polygon', () => {
  it('tells inside from outside, holes included', () => {
    const ring = [0, 0, 10, 0, 10, 10, 0, 10];
    expect(pointInRing(5, 5, ring)).toBe(true);
    expect(pointInRing(15, 5, ring)).toBe(false);
    const withHole = [ring, [4, 4, 4, 6, 6, 6, 6, 4]];
    expect(pointInPoly(2, 2, withHole)).toBe(true);
    expect(pointInPoly(5, 5, withHole)).toBe(false);
  });
});

describe('hit testing', () => {
  const at = (camera: Camera, x: number, y: number, z = 0) => {
    const [sx, sy] = worldToScreen(camera, x, y, z);
    return hitUnit(level.units, camera, sx, sy, camera.tilt > 0)?.shape.id;
  };

  it('finds the unit under a point at any rotation', () => {
    for (const camera of cameras.filter((c) => c.tilt === 0)) {
      expect(at(camera, 50, 100)).toBe('walk');
      expect(at(camera, 250, 400)).toBe('shop');
      expect(at(camera, 450, 250)).toBe('wc');
      expect(at(camera, 900, 500)).toBeUndefined();
    }
  });

  it("misses the corridor inside its hole: the atrium's void is there", () => {
    expect(at(base, 500, 100)).toBe('void');
    expect(at({ ...base, bearing: 2 }, 500, 100)).toBe('void');
  });

  it('picks the topmost unit where shapes overlap', () => {
    const overlapping = modelLevel({
      ...testLevel(),
      units: [
        { id: 'floor', c: 'walkway', g: [[0, 0, 1000, 0, 1000, 600, 0, 600]] },
        { id: 'room', c: 'unspecified', g: [[100, 100, 300, 100, 300, 300, 100, 300]], n: '店' },
      ],
    });
    const [sx, sy] = worldToScreen(base, 200, 200);
    expect(hitUnit(overlapping.units, base, sx, sy, false)?.shape.id).toBe('room');
  });

  it('hits a raised unit by its roof in the 2.5D view', () => {
    // South up: roofs are drawn shifted south, over the corridor in front of the shops.
    const camera: Camera = { ...base, bearing: Math.PI, tilt: 0.7 };
    const height = level.byId.get('shop')?.style.height ?? 0;
    expect(height).toBeGreaterThan(0);
    // A point of the roof just inside the shop's front wall: on the floor plan the same screen
    // point lies in the corridor, but the roof is drawn over it.
    const [sx, sy] = worldToScreen(camera, 250, 205, height);
    const [, fy] = screenToWorld(camera, sx, sy, 0);
    expect(fy).toBeLessThan(200);
    expect(hitUnit(level.units, camera, sx, sy, false)?.shape.id).toBe('walk');
    expect(hitUnit(level.units, camera, sx, sy, true)?.shape.id).toBe('shop');
    // The corridor floor away from the shops is still the corridor.
    expect(at(camera, 50, 20)).toBe('walk');
  });
});

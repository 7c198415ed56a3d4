import { describe, expect, it } from 'vitest';
import { type LabelCandidate, overlaps, placeLabels } from './labels';
import { levelLabels } from './map-labels';
import { modelLevel } from './level-model';
import type { Camera } from './projection';
import { testLevel } from './test-level';

const camera: Camera = { x: 0, y: 0, scale: 1, bearing: 0, tilt: 0, width: 800, height: 600 };

function candidates(count: number, seed = 5): LabelCandidate[] {
  let s = seed;
  const next = () => (s = (s * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: count }, (_, i) => {
    const w = 20 + next() * 80;
    const h = 14 + next() * 8;
    return {
      key: `c${i}`,
      x: (next() - 0.5) * 800,
      y: (next() - 0.5) * 600,
      z: next() < 0.3 ? 36 : 0,
      w,
      h,
      dx: -w / 2,
      dy: -h / 2,
      priority: next() * 1000,
    };
  });
}

function expectNoOverlap(boxes: [number, number, number, number][]) {
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
    }
  }
}

describe('label placement', () => {
  it('never places two overlapping labels', () => {
    const placed = placeLabels(candidates(400), camera);
    expect(placed.length).toBeGreaterThan(40);
    expect(placed.length).toBeLessThan(400);
    expectNoOverlap(placed.map((p) => p.box));
  });

  it('lets the higher priority win a conflict', () => {
    const a = { key: 'a', x: 0, y: 0, z: 0, w: 60, h: 16, dx: -30, dy: -8, priority: 10 };
    const b = { ...a, key: 'b', x: 20, priority: 500 };
    const c = { ...a, key: 'c', x: 200, priority: 1 };
    const keys = placeLabels([a, b, c], camera).map((p) => p.candidate.key);
    expect(keys).toEqual(['b', 'c']);
  });

  it('keeps labels upright and apart when the map turns and leans', () => {
    const list = candidates(300, 9);
    for (const bearing of [0.4, 1.9, 3.3, 5.8]) {
      const turned = { ...camera, bearing, tilt: bearing > 3 ? 0.7 : 0 };
      const placed = placeLabels(list, turned);
      expect(placed.length).toBeGreaterThan(30);
      for (const { candidate, box } of placed) {
        // Upright: an axis-aligned box of the label's own size, whatever the bearing.
        expect(box[2] - box[0]).toBeCloseTo(candidate.w, 9);
        expect(box[3] - box[1]).toBeCloseTo(candidate.h, 9);
      }
      expectNoOverlap(placed.map((p) => p.box));
    }
  });

  it('keeps clear of reserved boxes, and leaves out what is off screen or too small', () => {
    const a = { key: 'a', x: 0, y: 0, z: 0, w: 60, h: 16, dx: -30, dy: -8, priority: 10 };
    expect(placeLabels([a], camera, [[390, 290, 410, 310]])).toEqual([]);
    expect(placeLabels([{ ...a, x: 5000 }], camera)).toEqual([]);
    expect(placeLabels([{ ...a, minScale: 2 }], camera)).toEqual([]);
    expect(placeLabels([{ ...a, minScale: 2 }], { ...camera, scale: 2 })).toHaveLength(1);
    // A 60 px label for a 10 dm shop at 1 px/dm is left out.
    expect(placeLabels([{ ...a, span: 10 }], camera)).toEqual([]);
    expect(placeLabels([{ ...a, span: 100 }], camera)).toHaveLength(1);
  });

  it('ranks a level: zones, entrances and amenities before shops, spaces last', () => {
    const labels = levelLabels(modelLevel(testLevel()), (text) => text.length * 12, false);
    const priority = (key: string) => labels.find((l) => l.key === key)?.priority ?? -1;
    expect(priority('s:zone')).toBeGreaterThan(priority('o:gate'));
    expect(priority('o:gate')).toBeGreaterThan(priority('a:desk'));
    expect(priority('a:desk')).toBeGreaterThan(priority('u:shop'));
    expect(priority('u:shop')).toBeGreaterThan(priority('u:space'));
    expect(labels.find((l) => l.key === 'u:space')?.minScale).toBeGreaterThan(0);
    expect(labels.find((l) => l.key === 'u:wc')?.glyph).toBe('restroom');
    expect(labels.find((l) => l.key === 'u:walk')).toBeUndefined();
  });

  it("measures a label's text when it is first placed, not before: spaces only zoomed in", () => {
    const measured: string[] = [];
    const labels = levelLabels(
      modelLevel(testLevel()),
      (text) => {
        measured.push(text);
        return text.length * 12;
      },
      false,
    );
    expect(measured).toEqual([]);
    const space = labels.find((l) => l.key === 'u:space')!;
    const far = { ...camera, x: space.x, y: space.y };
    placeLabels(labels, far);
    expect(measured).not.toContain(space.text);
    expect(measured.length).toBeGreaterThan(0);
    const near = { ...far, scale: space.minScale! };
    expect(placeLabels(labels, near).some((l) => l.candidate.key === 'u:space')).toBe(true);
    expect(measured.filter((text) => text === space.text)).toEqual([space.text]);
    expect(space.w).toBe(space.text!.length * 12 + 4);
    expect(space.dx).toBe(-space.w / 2);
  });
});

import { expect, it } from 'vitest';
import { modelLevel } from '../level-model';
import type { MapLabel } from '../map-labels';
import { fitBox } from '../projection';
import { testLevel } from '../test-level';
import { LabelPlacement } from './label-placement';

function placement() {
  const measured: string[] = [];
  const labels = new LabelPlacement((text) => {
    measured.push(text);
    return text.length * 12;
  });
  const model = modelLevel(testLevel());
  const start = { x: 0, y: 0, scale: 1, bearing: 0, tilt: 0, width: 800, height: 500 };
  const camera = fitBox(start, model.box, 20);
  return { labels, model, camera, measured };
}

it('places nothing before it is asked, then the level’s labels under the camera', () => {
  const { labels, model, camera } = placement();
  expect(labels.under(camera)).toEqual([]);
  labels.place(model, false, camera, []);
  const keys = labels.under(camera).map(({ candidate }) => candidate.key);
  expect(keys).toEqual(expect.arrayContaining(['a:desk', 'o:gate']));
});

it('measures each of a level’s words once, when it is first placed', () => {
  const { labels, model, camera, measured } = placement();
  labels.place(model, false, camera, []);
  expect(measured).toContain('服务台');
  const once = measured.length;
  labels.place(model, false, camera, []);
  expect(measured).toHaveLength(once);
  // Closer, the parking space's number shows too: it alone is measured.
  labels.place(model, false, { ...camera, scale: camera.scale * 4 }, []);
  expect(measured.length).toBeGreaterThan(once);
  expect(new Set(measured).size).toBe(measured.length);
});

it('follows the camera between placements, and picks an icon or a named place at a point', () => {
  const { labels, model, camera } = placement();
  labels.place(model, false, camera, []);
  const moved = { ...camera, x: camera.x + 50 };
  const desk = labels.under(moved).find(({ candidate }) => candidate.key === 'a:desk')!;
  const before = labels.under(camera).find(({ candidate }) => candidate.key === 'a:desk')!;
  // 50 dm east under the camera moves the label 50 dm west on the screen.
  expect(desk.box[0]).toBeCloseTo(before.box[0] - 50 * camera.scale);
  const [x0, y0, x1, y1] = desk.box;
  expect(labels.iconAt(moved, (x0 + x1) / 2, (y0 + y1) / 2)).toEqual({
    type: 'amenity',
    id: 'desk',
  } satisfies MapLabel['target']);
  expect(labels.iconAt(moved, -100, -100)).toBeUndefined();
});

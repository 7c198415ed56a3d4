import { expect, it } from 'vitest';
import type { Context2D } from '../icons';
import type { Camera } from '../projection';
import { RenderMargin } from './render-margin';
import { type Surface, innerTransform } from './surface';

const view: Camera = { x: 0, y: 0, scale: 1, bearing: 0, tilt: 0, width: 400, height: 600 };

function testSurface(): Surface {
  const canvas = document.createElement('canvas');
  return { canvas, target: canvas, ctx: {} as Context2D, present: () => undefined };
}

it('draws the first frame without its margin, and the whole margin once the map has moved', () => {
  const surface = testSurface();
  const margin = new RenderMargin(surface);
  // A 400 x 600 view asks for 120 px each side; the first frame draws the view alone, at 2x.
  margin.size(400, 600, 2, false);
  expect([surface.canvas.width, surface.canvas.height]).toEqual([800, 1200]);
  expect(surface.canvas.style.width).toBe('640px');
  const first = margin.nextRender(view, 2);
  expect([first.width, first.height]).toEqual([400, 600]);
  expect(surface.canvas.style.transform).toBe(innerTransform(400, 600, 0, 120));

  // Not moved: the next render is the same size.
  expect(margin.nextRender(view, 2).width).toBe(400);
  margin.move();
  const moved = margin.nextRender(view, 2);
  expect([moved.width, moved.height]).toEqual([640, 840]);
  expect([surface.canvas.width, surface.canvas.height]).toEqual([1280, 1680]);
  expect(surface.canvas.style.transform).toBe('');
});

it('draws the whole margin at once when asked (a navigation moves the map from its next frame)', () => {
  const surface = testSurface();
  const margin = new RenderMargin(surface);
  margin.size(400, 600, 1, true);
  expect(surface.canvas.width).toBe(640);
  expect(margin.nextRender(view, 1).width).toBe(640);
});

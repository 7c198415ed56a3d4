import { describe, expect, it } from 'vitest';
import type { Box } from '../geometry';
import { type Camera, fitBox } from '../projection';
import {
  animationAt,
  constrain,
  fitMargin,
  framedView,
  maxScale,
  raisedBearing,
  raisedCamera,
  reuseTransform,
  tiltAngle,
} from './camera';

const camera: Camera = { x: 500, y: 300, scale: 1, bearing: 0, tilt: 0, width: 800, height: 600 };
const box: Box = [0, 0, 1000, 600];

describe('the camera', () => {
  it('stays within its zoom limits and over the level', () => {
    expect(constrain({ ...camera, x: -50, y: 900, scale: 99 }, box, 0.1)).toMatchObject({
      x: 0,
      y: 600,
      scale: maxScale,
    });
    expect(constrain({ ...camera, x: -50, scale: 0.01 }, undefined, 0.1)).toMatchObject({
      x: -50,
      scale: 0.1,
    });
  });

  it('leans back and turns a north-up map a little, and turns it back when laid flat', () => {
    const raised = raisedCamera(camera, true);
    expect(raised).toMatchObject({ tilt: tiltAngle, bearing: raisedBearing });
    expect(raisedCamera(raised, false)).toMatchObject({ tilt: 0, bearing: 0 });
    expect(raisedCamera({ ...camera, bearing: 1 }, true).bearing).toBe(1);
  });

  it('animates from one camera to another the short way round, zooming geometrically', () => {
    const from = { ...camera, bearing: 0.1, scale: 1 };
    const to = { ...camera, x: 700, bearing: 2 * Math.PI - 0.1, scale: 4 };
    const animation = { from, to, start: 1000, duration: 400 };
    const [middle, over] = animationAt(animation, 1200, { ...camera, width: 320 });
    expect(over).toBe(false);
    expect(middle.x).toBeCloseTo(600);
    expect(middle.scale).toBeCloseTo(2);
    expect(middle.bearing).toBeCloseTo(0);
    expect(middle.width).toBe(320);
    const [end, done] = animationAt(animation, 1500, camera);
    expect(done).toBe(true);
    expect(end.x).toBe(700);
  });

  it('shows a finished render moved by a CSS transform, until the move leaves it', () => {
    const before = { ...camera, width: 1120, height: 920 };
    // The render was made around the same centre with a margin of 160 px: 20 px to the left.
    expect(reuseTransform(before, { ...camera, x: 520 }, 160)).toBe('matrix(1,0,0,1,-20,0)');
    expect(reuseTransform(before, { ...camera, x: 900 }, 160)).toBeNull();
    expect(reuseTransform(before, { ...camera, scale: 4 }, 160)).toBeNull();
    expect(reuseTransform(before, { ...camera, tilt: 0.5 }, 160)).toBeNull();
  });

  it('shows a first frame drawn without its margin only while it covers the whole view', () => {
    // Drawn at the view's size in a box 160 px larger each side: its pixels are stretched over
    // the box, and the transform undoes that.
    const before = { ...camera };
    expect(reuseTransform(before, camera, 0, 160)).toBe(
      `matrix(1,0,0,1,160,160) scale(${800 / 1120}, ${600 / 920})`,
    );
    // Zoomed in about the middle: all of the view is still in it.
    expect(reuseTransform(before, { ...camera, scale: 2 }, 0, 160)).toMatch(/^matrix\(2,0,0,2,/);
    // Moved by a few pixels: an edge of the view has nothing under it.
    expect(reuseTransform(before, { ...camera, x: 505 }, 0, 160)).toBeNull();
  });

  it('frames a box with room for the panels, less on a phone, and no closer than asked', () => {
    expect(framedView(camera, box, Infinity)).toEqual(fitBox(camera, box, 96));
    const phone = { ...camera, width: 375 };
    expect(framedView(phone, box, Infinity)).toEqual(fitBox(phone, box, 40));
    expect(framedView(camera, [490, 290, 510, 310], 3).scale).toBe(3);
    expect([fitMargin(camera), fitMargin(phone)]).toEqual([40, 16]);
  });
});

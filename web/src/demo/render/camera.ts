// The camera's rules, apart from painting: its limits, the 2.5D lean, the animation between two
// cameras and whether a finished render can still be shown, moved by a CSS transform, under a new
// camera. Pure functions of cameras; the renderer holds the camera itself.
import type { Box } from '../geometry';
import {
  type Camera,
  cameraMatrix,
  clamp,
  compose,
  fitBox,
  invert,
  normaliseAngle,
} from '../projection';

export const tiltAngle = (42 * Math.PI) / 180;
/** A north-up map raised turns this much, so the walls show on two sides. */
export const raisedBearing = Math.PI / 6;
export const maxScale = 10;

/** The camera kept within its zoom limits and its centre over the level. */
export function constrain(camera: Camera, box: Box | undefined, minScale: number): Camera {
  const scale = clamp(camera.scale, minScale, maxScale);
  if (!box) return { ...camera, scale };
  return {
    ...camera,
    scale,
    x: clamp(camera.x, box[0], box[2]),
    y: clamp(camera.y, box[1], box[3]),
  };
}

/** Whether the view is a phone's: less room is left around what it frames. */
const smallView = (camera: Camera) => Math.min(camera.width, camera.height) < 500;

/** The room left around a whole level fitted into the view, CSS pixels. */
export const fitMargin = (camera: Camera) => (smallView(camera) ? 16 : 40);

/** The view of `box` with room around it for the panels over the map, no closer than `closest`. */
export function framedView(camera: Camera, box: Box, closest: number): Camera {
  const view = fitBox(camera, box, smallView(camera) ? 40 : 96);
  return { ...view, scale: Math.min(view.scale, closest) };
}

/** The closest zoom out: half the north-up whole-level view. */
export function minScaleFor(camera: Camera, box: Box): number {
  return fitBox({ ...camera, bearing: 0, tilt: 0 }, box, 0).scale * 0.5;
}

/** The camera leant back (2.5D) or laid flat, turning a north-up map a little and back. */
export function raisedCamera(camera: Camera, raised: boolean): Camera {
  let bearing = camera.bearing;
  if (raised && bearing === 0) bearing = raisedBearing;
  else if (!raised && bearing === raisedBearing) bearing = 0;
  return { ...camera, tilt: raised ? tiltAngle : 0, bearing };
}

export interface CameraAnimation {
  from: Camera;
  to: Camera;
  start: number;
  duration: number;
}

/**
 * The camera of an animation at a time (eased in and out; zoom geometric, the turn the short way
 * round), the view's size kept, and whether the animation is over.
 */
export function animationAt(
  { from, to, start, duration }: CameraAnimation,
  now: number,
  size: Camera,
): [Camera, boolean] {
  const t = Math.min(1, (now - start) / duration);
  const e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
  let turn = normaliseAngle(to.bearing - from.bearing);
  if (turn > Math.PI) turn -= Math.PI * 2;
  const camera = {
    ...to,
    x: from.x + (to.x - from.x) * e,
    y: from.y + (to.y - from.y) * e,
    scale: from.scale * (to.scale / from.scale) ** e,
    bearing: normaliseAngle(from.bearing + turn * e),
    tilt: from.tilt + (to.tilt - from.tilt) * e,
    width: size.width,
    height: size.height,
  };
  return [camera, t >= 1];
}

/**
 * The CSS transform that shows a render made under `before` with `margin` on every side, in a
 * canvas box with `box` (see surface.ts), under `now`, or null where it cannot: a different tilt,
 * another bearing in 2.5D, a zoom beyond a factor of three, or the view outside the rendered
 * area. A render with its whole margin may leave the view's rim uncovered for a moment (the next
 * render fills it); one without (the first frame) is reused only where it covers the whole view.
 */
export function reuseTransform(
  before: Camera,
  now: Camera,
  margin: number,
  box = margin,
): string | null {
  if (Math.abs(now.tilt - before.tilt) > 1e-9) return null;
  if (now.tilt > 0 && Math.abs(now.bearing - before.bearing) > 1e-9) return null;
  const ratio = now.scale / before.scale;
  if (ratio < 0.4 || ratio > 3) return null;
  const toView = compose(cameraMatrix(now), invert(cameraMatrix(before)));
  const toBase = invert(toView);
  const inset = margin < box ? 0 : 0.22;
  for (const [u, v] of [
    [inset, inset],
    [1 - inset, inset],
    [inset, 1 - inset],
    [1 - inset, 1 - inset],
  ] as const) {
    const x = u * now.width;
    const y = v * now.height;
    const bx = toBase[0] * x + toBase[2] * y + toBase[4];
    const by = toBase[1] * x + toBase[3] * y + toBase[5];
    if (bx < 0 || by < 0 || bx > before.width || by > before.height) return null;
  }
  const [a, b, c, d, e, f] = toView;
  const matrix = `matrix(${a},${b},${c},${d},${e + box},${f + box})`;
  if (margin === box) return matrix;
  // The canvas's pixels (the render and its margin) are stretched over its box.
  const sx = before.width / (now.width + 2 * box);
  const sy = before.height / (now.height + 2 * box);
  return `${matrix} scale(${sx}, ${sy})`;
}

/** The camera of a render: the view's, enlarged by the margin on every side. */
export function renderCamera(camera: Camera, overscan: number): Camera {
  return { ...camera, width: camera.width + 2 * overscan, height: camera.height + 2 * overscan };
}

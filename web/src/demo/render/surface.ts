// Where the map is rendered and how it reaches the screen. Where it can, a render is drawn on an
// offscreen canvas and handed to the visible one as a bitmap: a canvas element with a 2D context
// is copied to the compositor on every frame it moves, a bitmap once. The canvas is larger than
// the view by a margin on every side, so a moved render shows no gap.
import type { Context2D } from '../icons';

export interface Surface {
  readonly canvas: HTMLCanvasElement;
  readonly target: OffscreenCanvas | HTMLCanvasElement;
  readonly ctx: Context2D;
  /** Shows the finished render on the canvas. */
  readonly present: () => void;
}

/** The canvas's surface, or null where the browser has no 2D canvas (the unit tests). */
export function surfaceOf(canvas: HTMLCanvasElement): Surface | null {
  if (typeof Path2D === 'undefined') return null;
  if (typeof OffscreenCanvas === 'function') {
    const bitmap = canvas.getContext('bitmaprenderer');
    const target = new OffscreenCanvas(1, 1);
    const ctx = target.getContext('2d');
    if (bitmap && ctx) {
      const present = () => bitmap.transferFromImageBitmap(target.transferToImageBitmap());
      return { canvas, target, ctx, present };
    }
  }
  const ctx = canvas.getContext('2d');
  return ctx ? { canvas, target: canvas, ctx, present: () => undefined } : null;
}

/**
 * Sizes the canvas's box to the view plus `box` CSS pixels each side, and its pixels to the view
 * plus `margin` (at most `box`) at `dpr` device pixels. A render with a smaller margin than its
 * box is shown in the box's middle by `innerTransform`: the box itself never moves, which the
 * page would count as a layout shift.
 */
export function sizeSurface(
  { canvas, target }: Surface,
  width: number,
  height: number,
  dpr: number,
  margin: number,
  box = margin,
) {
  const style = canvas.style;
  style.left = `${-box}px`;
  style.top = `${-box}px`;
  style.width = `${width + 2 * box}px`;
  style.height = `${height + 2 * box}px`;
  const pixelWidth = Math.max(1, Math.round((width + 2 * margin) * dpr));
  const pixelHeight = Math.max(1, Math.round((height + 2 * margin) * dpr));
  canvas.width = pixelWidth;
  canvas.height = pixelHeight;
  target.width = pixelWidth;
  target.height = pixelHeight;
}

/** The CSS transform showing a render with `margin` in a box with `box` at its place. */
export function innerTransform(width: number, height: number, margin: number, box: number) {
  if (margin === box) return '';
  const shift = box - margin;
  const sx = (width + 2 * margin) / (width + 2 * box);
  const sy = (height + 2 * margin) / (height + 2 * box);
  return `translate(${shift}px, ${shift}px) scale(${sx}, ${sy})`;
}

/** A context for measuring text apart from the one drawn on, or null where none can be made. */
export function measuringContext(): Context2D | null {
  const canvas =
    typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(1, 1)
      : typeof document !== 'undefined'
        ? document.createElement('canvas')
        : null;
  return (canvas?.getContext('2d') as Context2D | null | undefined) ?? null;
}

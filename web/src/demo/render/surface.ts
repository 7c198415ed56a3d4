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

/** Sizes the canvas to the view plus `margin` CSS pixels each side, at `dpr` device pixels. */
export function sizeSurface(
  { canvas, target }: Surface,
  width: number,
  height: number,
  dpr: number,
  margin: number,
) {
  const style = canvas.style;
  style.left = `${-margin}px`;
  style.top = `${-margin}px`;
  style.width = `${width + 2 * margin}px`;
  style.height = `${height + 2 * margin}px`;
  const pixelWidth = Math.max(1, Math.round((width + 2 * margin) * dpr));
  const pixelHeight = Math.max(1, Math.round((height + 2 * margin) * dpr));
  canvas.width = pixelWidth;
  canvas.height = pixelHeight;
  target.width = pixelWidth;
  target.height = pixelHeight;
}

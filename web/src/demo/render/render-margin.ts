// The margin a render covers beyond the view on every side (renderer.ts): while the camera
// moves, the last render is shown moved by a CSS transform for as long as the margin lasts.
// The first frame has none, a third of the pixels (issue #34: it is what a scanned QR code
// waits for); the whole margin is drawn from the first move on.
import type { Camera } from '../projection';
import { renderCamera, reuseTransform } from './camera';
import { type Surface, innerTransform, sizeSurface } from './surface';

export class RenderMargin {
  /** The margin the view's size asks for, CSS pixels. */
  private full = 0;
  /** The margin drawn: none until the map first moves. */
  private drawn = 0;
  /** Whether the camera moved since the first frame: every render from then on has the margin. */
  private moved = false;

  constructor(private readonly surface: Surface) {}

  /** The camera moved: the next render draws the whole margin. */
  move() {
    this.moved = true;
  }

  /** Sizes the surface for a view of this size, with the whole margin at once if `whole`. */
  size(width: number, height: number, dpr: number, whole: boolean) {
    this.full = Math.round(Math.max(width, height) * 0.2);
    this.drawn = whole ? this.full : 0;
    sizeSurface(this.surface, width, height, dpr, this.drawn, this.full);
  }

  /** The camera of the next render, the surface grown to the whole margin once the map moved
   * and placed so that the view shows through. */
  nextRender(camera: Camera, dpr: number): Camera {
    const { width, height } = camera;
    if (this.moved && this.drawn < this.full) {
      this.drawn = this.full;
      sizeSurface(this.surface, width, height, dpr, this.drawn, this.drawn);
    }
    this.surface.canvas.style.transform = innerTransform(width, height, this.drawn, this.full);
    return renderCamera(camera, this.drawn);
  }

  /** The transform that shows the render made with `rendered` under `camera`, if it still can. */
  reuse(rendered: Camera, camera: Camera) {
    return reuseTransform(rendered, camera, this.drawn, this.full);
  }
}

// The Canvas 2D map renderer: a camera (camera.ts), the layers shown (one immutable
// MapLayers, set whole), the level's paths (level-paths.ts) and a painter that runs one
// draw pass per layer (painter.ts). Shapes are drawn through the camera's affine transform;
// labels, icons, the route and markers in screen space, upright; labels are placed when the camera
// settles.
//
// A render covers the view plus a margin on every side. While the camera moves (a drag, a pinch,
// the wheel, an animation), the last render is moved, scaled and turned by a CSS transform, which
// the compositor applies without redrawing: a frame of a gesture costs almost nothing on the main
// thread, even on a slow phone. The map is rendered again when the camera settles, when the move
// leaves the margin or zooms too far, and always when a 2.5D view turns (its walls change).
import type { Box } from '../geometry';
import type { LevelModel } from '../level-model';
import type { MapTarget } from '../map-labels';
import { type Camera, fitBox } from '../projection';
import type { TrackPoint } from '../route-track';
import { hitUnit } from '../hit-test';
import {
  type CameraAnimation,
  animationAt,
  constrain,
  fitMargin,
  framedView,
  maxScale,
  minScaleFor,
  raisedCamera,
} from './camera';
import { type MapLayers, noLayers, sameLayers } from './layers';
import { type LevelPaths, levelPaths } from './level-paths';
import { LabelInk } from './label-ink';
import { placeNavigationDot } from './navigation-dot';
import { LabelPlacement } from './label-placement';
import { clear, paint } from './painter';
import { type Surface, surfaceOf } from './surface';
import { RenderMargin } from './render-margin';
import { markOnce, timeStep } from './marks';

export interface RendererOptions {
  /** Called after the camera moved, once per frame at most (the compass follows the bearing). */
  onCamera?: (camera: Camera) => void;
  reducedMotion?: () => boolean;
  /**
   * Asks for the view's size once the page is next laid out (MapView observes the view again,
   * and the observer calls `resize`, which draws). The first frame is drawn then, at the size
   * the view has in that frame: a panel filled in the same render shrinks the map.
   */
  measureAfterLayout?: () => void;
}

export class MapRenderer {
  private cam: Camera = { x: 0, y: 0, scale: 1, bearing: 0, tilt: 0, width: 300, height: 150 };
  private dpr = 1;
  private sized = false;
  private level: LevelPaths | undefined;
  private layers: MapLayers = noLayers;
  private isRaised = false;
  private dot: TrackPoint | null = null;
  private minScale = 0.05;
  private pending = 0;
  /** The camera of the last render (the view's camera enlarged by the margin), if still valid. */
  private rendered: Camera | undefined;
  private readonly margin: RenderMargin;
  private dirty = true;
  /** Whether the labels are placed for what the next render shows. */
  private placed = false;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private animation: CameraAnimation | undefined;
  private readonly ink: LabelInk;
  private readonly labels: LabelPlacement;
  /** Whether the camera was put somewhere on purpose (else a new level is fitted). */
  private positioned = false;
  private framing: { box: Box; closest: number } | undefined;

  /** A renderer for the canvas, or null where the browser has no 2D canvas (the unit tests). */
  static create(
    canvas: HTMLCanvasElement,
    dotElement: HTMLElement | null,
    options: RendererOptions = {},
  ): MapRenderer | null {
    const surface = surfaceOf(canvas);
    return surface ? new MapRenderer(surface, dotElement, options) : null;
  }

  private constructor(
    private readonly surface: Surface,
    /** The navigation dot: an element over the map, moved by the compositor. */
    private readonly dotElement: HTMLElement | null,
    private readonly options: RendererOptions,
  ) {
    this.ink = new LabelInk(surface.ctx);
    this.margin = new RenderMargin(surface);
    this.labels = new LabelPlacement(this.ink.measure);
    surface.canvas.style.transformOrigin = '0 0';
    // Unseen until the observer gives it the view's size: a frame painted before that would show
    // it at a canvas's default size, and its growing would count as a layout shift.
    surface.canvas.style.visibility = 'hidden';
  }

  get camera(): Camera {
    return this.cam;
  }

  get raised(): boolean {
    return this.isRaised;
  }

  get model(): LevelModel | undefined {
    return this.level?.model;
  }

  get animating(): boolean {
    return this.animation !== undefined;
  }

  get limits(): [number, number] {
    return [this.minScale, maxScale];
  }

  destroy() {
    cancelAnimationFrame(this.pending);
    clearTimeout(this.settleTimer);
    this.pending = 0;
  }

  resize(width: number, height: number, dpr: number) {
    // The same size needs no drawing, unless the first frame waits for it.
    if (!this.applySize(width, height, dpr) && this.rendered) return;
    // A resized canvas is blank: with no level yet there is nothing to draw on it.
    if (!this.level) return;
    this.placed = false;
    this.render();
  }

  /** Sizes the canvas and fits the camera; false when the size is the one it has. */
  private applySize(width: number, height: number, dpr: number): boolean {
    // A resize observer reports the size it starts with, which the map was just given: a canvas
    // sized again is cleared and drawn again for nothing.
    const same = width === this.cam.width && height === this.cam.height && dpr === this.dpr;
    if (this.sized && same) return false;
    this.sized = true;
    this.surface.canvas.style.visibility = '';
    this.dpr = dpr;
    // Under a navigation's dot the camera moves from the next frame on: the margin is drawn now.
    this.margin.size(width, height, dpr, Boolean(this.rendered || this.dot));
    this.cam = { ...this.cam, width, height };
    this.ink.resize(dpr);
    this.updateMinScale();
    if (this.level && !this.positioned) this.fit(false);
    else if (this.framing) this.frame(this.framing.box, this.framing.closest, false);
    return true;
  }

  /** Shows these layers (route, markers, highlight, live and flow layers) from the next frame. */
  setLayers(layers: MapLayers) {
    if (sameLayers(this.layers, layers)) return;
    this.layers = layers;
    this.update();
  }

  /** Moves the navigation's dot (or hides it, null): a per-frame animation, drawn over the map. */
  setNavigationDot(dot: TrackPoint | null) {
    this.dot = dot;
    this.requestDraw();
  }

  setLevel(model: LevelModel, keepCamera: boolean) {
    if (this.level?.model === model) return;
    this.level = levelPaths(model);
    this.updateMinScale();
    if (!keepCamera || !this.positioned) this.fit(false);
    this.update();
  }

  /** The view of the whole level at the current bearing and tilt. */
  fitView(): Camera | undefined {
    if (!this.level) return undefined;
    return this.withinLimits(fitBox(this.cam, this.level.model.box, fitMargin(this.cam)));
  }

  fit(animate: boolean) {
    const view = this.fitView();
    if (!view || !this.level) return;
    this.moveTo(view, animate);
    this.framing = { box: this.level.model.box, closest: Infinity };
  }

  /**
   * Brings a box of the map into view, zooming in no closer than `closest`. The box stays framed
   * when the view is resized (a bottom sheet growing), until the visitor moves the map.
   */
  frame(box: Box, closest: number, animate: boolean) {
    this.moveTo(framedView(this.cam, box, closest), animate);
    this.framing = { box, closest };
  }

  /** Leans the map back (2.5D) or lays it flat; a whole-level view stays a whole-level view. */
  setRaised(raised: boolean) {
    this.isRaised = raised;
    const next = raisedCamera(this.cam, raised);
    const whole = this.fitView();
    const box = this.level?.model.box;
    if (whole && box && this.cam.scale <= whole.scale * 1.15) {
      this.moveTo(fitBox(next, box, fitMargin(this.cam)), true);
      this.framing = { box, closest: Infinity };
    } else {
      this.moveTo(next, true);
    }
  }

  /** Turns the map before anything is shown (a kiosk's facing): no animation, no redraw. */
  presetBearing(bearing: number) {
    this.cam = { ...this.cam, bearing };
  }

  /** Moves the camera, animated unless the visitor prefers reduced motion. */
  moveTo(target: Camera, animate: boolean) {
    const to = this.withinLimits(target);
    this.positioned = true;
    this.framing = undefined;
    // An animation from a view never shown would start from a camera nobody saw, often fitted
    // to a canvas not yet sized: the first frame is drawn where the animation would end.
    if (!animate || !this.level || !this.rendered || this.options.reducedMotion?.()) {
      this.animation = undefined;
      this.setCamera(to);
      return;
    }
    this.animation = { from: this.cam, to, start: performance.now(), duration: 450 };
    // The animation settles when it ends: a settle due now would render its first frames again.
    clearTimeout(this.settleTimer);
    this.requestDraw();
  }

  setCamera(camera: Camera) {
    this.cam = this.withinLimits(camera);
    if (this.rendered) this.margin.move();
    this.options.onCamera?.(this.cam);
    this.settle();
    this.requestDraw();
  }

  /** The visitor took hold of the map: stop animating and framing. */
  stopAnimation() {
    this.animation = undefined;
    this.framing = undefined;
  }

  /** The feature under a screen point: an icon first, then the topmost unit. */
  pick(sx: number, sy: number): MapTarget | undefined {
    const icon = this.labels.iconAt(this.cam, sx, sy);
    if (icon || !this.level) return icon;
    const unit = hitUnit(this.level.model.units, this.cam, sx, sy, this.cam.tilt > 0);
    return unit ? { type: 'unit', id: unit.shape.id } : undefined;
  }

  requestDraw() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      // The first frame waits for the view's size after this frame's layout: `resize` draws
      // it, before the paint (see MapView).
      const measure = this.options.measureAfterLayout;
      if (!this.rendered && measure && this.level) return measure();
      if (!this.sized) return;
      if (this.animation) this.stepAnimation();
      if (this.dirty) this.render();
      else if (!this.reuse()) {
        // The move went past the last render: new ground needs its labels.
        this.placed = false;
        this.render();
      }
      if (this.dotElement) placeNavigationDot(this.dotElement, this.dot, this.cam);
    });
  }

  /** Shows the last render under the current camera by a CSS transform, if it still can. */
  private reuse(): boolean {
    const transform = this.rendered && this.margin.reuse(this.rendered, this.cam);
    if (!transform) return false;
    this.surface.canvas.style.transform = transform;
    return true;
  }

  private stepAnimation() {
    if (!this.animation) return;
    this.margin.move();
    const [camera, done] = animationAt(this.animation, performance.now(), this.cam);
    this.cam = camera;
    this.options.onCamera?.(camera);
    if (done) {
      this.animation = undefined;
      this.settle();
    } else {
      this.requestDraw();
    }
  }

  private withinLimits = (to: Camera) => constrain(to, this.level?.model.box, this.minScale);

  private updateMinScale() {
    if (this.level) this.minScale = minScaleFor(this.cam, this.level.model.box);
  }

  /** Redraws after a change of what is shown; labels are placed again around the markers. */
  private update() {
    this.placed = false;
    this.dirty = true;
    this.requestDraw();
  }

  /**
   * Labels are placed, and the map rendered again, once the camera has been still for a moment
   * (and when a move goes past what the last render covers).
   */
  private settle(delay = 140) {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.update(), delay);
  }

  /**
   * Places the labels for the view about to be rendered, once per change: a level, its layers and
   * the view's size arrive one after another before the first frame, and each would place them.
   */
  private placeLabels(view: Camera) {
    if (this.placed || !this.level) return;
    this.placed = true;
    this.labels.place(this.level.model, this.isRaised, view, this.layers.markers);
  }

  /** Draws the whole map for the current camera, margin included. */
  private render() {
    const { dpr, level } = this;
    const view = this.margin.nextRender(this.cam, dpr);
    this.rendered = view;
    this.dirty = false;
    const c = this.surface.ctx;
    timeStep('labels', () => this.placeLabels(view));
    clear(c, dpr, view);
    if (level) {
      const { layers, ink } = this;
      const labels = this.labels.under(view);
      const { measure, sprite } = ink;
      paint({ c, dpr, view, level, layers, raised: this.isRaised, labels, measure, sprite });
    }
    timeStep('present', this.surface.present);
    if (level) {
      markOnce('demo:first-draw');
      if (this.layers.route) markOnce('demo:first-route');
    }
  }
}

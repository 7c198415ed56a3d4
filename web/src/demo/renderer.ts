// The Canvas 2D map renderer. Shapes are cached as one Path2D per level and style group, in world
// decimetres, and drawn through the camera's affine transform, so a render costs a few dozen fills
// whatever the number of units. The 2.5D view draws walls (rebuilt only when the bearing or tilt
// changes) and then roofs, height class by height class: along any line of sight a higher surface
// is the nearer one, so this order is the painter's order. Labels, icons, the route and markers
// are drawn in screen space, upright; labels are placed when the camera settles.
//
// A render covers the view plus a margin on every side. While the camera moves (a drag, a pinch,
// the wheel, an animation), the last render is moved, scaled and turned by a CSS transform, which
// the compositor applies without redrawing: a frame of a gesture costs almost nothing on the main
// thread, even on a slow phone. The map is rendered again when the camera settles, when the move
// leaves the margin or zooms too far, and always when a 2.5D view turns (its walls change).
import { type Context2D, drawGlyph } from './icons';
import type { Box } from './geometry';
import type { LevelModel, UnitModel } from './level-model';
import { type PlacedLabel, labelBox, placeLabels } from './labels';
import {
  type LabelTone,
  type MapLabel,
  type MapTarget,
  iconRadius,
  labelFontSize,
  levelLabels,
} from './map-labels';
import {
  type Camera,
  clamp,
  cameraMatrix,
  compose,
  invert,
  fitBox,
  normaliseAngle,
  roofShift,
  worldToScreen,
} from './projection';
import { type RouteModel, type TrackPoint } from './route-track';
import {
  type Glyph,
  type StyleKey,
  type UnitStyle,
  glyphColours,
  mapColours,
  unitStyles,
} from './style';
import { hitUnit } from './hit-test';
import {
  type FenceOutline,
  type LiveDot,
  drawFence,
  drawLiveDots,
  drawVenueFences,
  drawTrackLine,
} from './live-dots';
import { type HeatLayer, type TakenSpaces, drawHeat } from './heat-map';

export const fontFamily =
  '"Noto Sans CJK SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Source Han Sans SC", system-ui, sans-serif';

export interface MapMarker {
  kind: 'start' | 'end' | 'here' | 'place' | 'connector';
  x: number;
  y: number;
  /** The unit it stands in: in the 2.5D view the marker sits on that unit's roof. */
  unit?: string | undefined;
  /** The pin's letter, or the bubble's words. */
  text?: string | undefined;
  glyph?: Glyph | undefined;
}

export type MapPick = MapTarget;

interface Group {
  key: StyleKey;
  style: UnitStyle;
  path: Path2D;
  units: UnitModel[];
}

interface LevelCache {
  model: LevelModel;
  outline: Path2D;
  flat: Group[];
  /** Raised groups by height, lowest first. */
  raised: { height: number; groups: Group[] }[];
  sections: Path2D;
  fixtures: Path2D;
  greenery: Path2D;
  kiosks: Path2D;
  doors: { walk: Path2D; car: Path2D; entrance: Path2D };
  labels: MapLabel[];
  labelsRaised: boolean;
  walls?: { bearing: number; tilt: number; paths: Map<StyleKey, [Path2D, Path2D]> };
}

export const tiltAngle = (42 * Math.PI) / 180;
const raisedBearing = Math.PI / 6;
const maxScale = 10;
let firstDrawMarked = false;

export interface RendererOptions {
  /** Called after the camera moved, once per frame at most (the compass follows the bearing). */
  onCamera?: (camera: Camera) => void;
  reducedMotion?: () => boolean;
}

export class MapRenderer {
  camera: Camera = { x: 0, y: 0, scale: 1, bearing: 0, tilt: 0, width: 300, height: 150 };
  private readonly ctx: Context2D;
  /** Where a render is drawn; the canvas itself only shows the finished bitmap. */
  private readonly surface: OffscreenCanvas | HTMLCanvasElement;
  private readonly present: () => void;
  private dpr = 1;
  private level: LevelCache | undefined;
  private minScale = 0.05;
  private placed: PlacedLabel[] = [];
  private pending = 0;
  /** The camera of the last render (the view's camera enlarged by the margin), if still valid. */
  private rendered: Camera | undefined;
  private overscan = 0;
  private dirty = true;
  /** The camera being drawn: the render camera during a render. */
  private view: Camera = this.camera;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private animation: { from: Camera; to: Camera; start: number; duration: number } | undefined;
  private readonly textWidths = new Map<string, number>();
  private readonly sprites = new Map<string, HTMLCanvasElement>();
  raised = false;
  route: RouteModel | null = null;
  markers: MapMarker[] = [];
  /** The live positioning demo's tags (issue #17), over everything else. */
  liveDots: LiveDot[] = [];
  /** A replayed track's line on this level. */
  liveLine: [number, number][] = [];
  /** A fence drawn on this level. */
  liveFence: FenceOutline | null = null;
  /** The venue's own fences on this level. */
  venueFences: [number, number][][] = [];
  /** The flow analytics' heat map of this level, over the floor and under the labels. */
  heat: HeatLayer | null = null;
  /** Parking spaces with a car in them (the flow analytics' car park), drawn red. */
  taken: TakenSpaces | null = null;
  private takenPath: { taken: TakenSpaces; path: Path2D } | null = null;
  highlight: string | null = null;
  dot: TrackPoint | null = null;
  /** Whether the camera was put somewhere on purpose (else a new level is fitted). */
  private positioned = false;
  private framing: { box: Box; closest: number } | undefined;

  /**
   * A renderer for the canvas, or null where the browser has no 2D canvas (the unit tests). Where
   * it can, the map is drawn on an offscreen canvas and handed to the visible one as a bitmap: a
   * canvas element with a 2D context is copied to the compositor on every frame it moves, a bitmap
   * once.
   */
  static create(
    canvas: HTMLCanvasElement,
    dotElement: HTMLElement | null,
    options: RendererOptions = {},
  ): MapRenderer | null {
    if (typeof Path2D === 'undefined') return null;
    if (typeof OffscreenCanvas === 'function') {
      const bitmap = canvas.getContext('bitmaprenderer');
      const surface = new OffscreenCanvas(1, 1);
      const ctx = surface.getContext('2d');
      if (bitmap && ctx) {
        const present = () => bitmap.transferFromImageBitmap(surface.transferToImageBitmap());
        return new MapRenderer(canvas, surface, ctx, present, dotElement, options);
      }
    }
    const ctx = canvas.getContext('2d');
    return ctx ? new MapRenderer(canvas, canvas, ctx, () => undefined, dotElement, options) : null;
  }

  private constructor(
    private readonly canvas: HTMLCanvasElement,
    surface: OffscreenCanvas | HTMLCanvasElement,
    ctx: Context2D,
    present: () => void,
    /** The navigation dot: an element over the map, moved by the compositor. */
    private readonly dotElement: HTMLElement | null,
    private readonly options: RendererOptions = {},
  ) {
    this.surface = surface;
    this.ctx = ctx;
    this.present = present;
    canvas.style.transformOrigin = '0 0';
  }

  destroy() {
    cancelAnimationFrame(this.pending);
    clearTimeout(this.settleTimer);
    this.pending = 0;
  }

  resize(width: number, height: number, dpr: number) {
    this.dpr = dpr;
    const margin = Math.round(Math.max(width, height) * 0.2);
    this.overscan = margin;
    const style = this.canvas.style;
    style.left = `${-margin}px`;
    style.top = `${-margin}px`;
    style.width = `${width + 2 * margin}px`;
    style.height = `${height + 2 * margin}px`;
    const pixelWidth = Math.max(1, Math.round((width + 2 * margin) * dpr));
    const pixelHeight = Math.max(1, Math.round((height + 2 * margin) * dpr));
    this.canvas.width = pixelWidth;
    this.canvas.height = pixelHeight;
    this.surface.width = pixelWidth;
    this.surface.height = pixelHeight;
    this.camera = { ...this.camera, width, height };
    this.sprites.clear();
    this.updateMinScale();
    if (this.level && !this.positioned) this.fit(false);
    else if (this.framing) this.frame(this.framing.box, this.framing.closest, false);
    this.placeNow();
    this.render();
  }

  /** Redraws after a change of what is shown (route, markers, highlight). */
  update() {
    // Markers keep labels clear of them: place the labels again around the new ones.
    this.placeNow();
    this.dirty = true;
    this.requestDraw();
  }

  setLevel(model: LevelModel, keepCamera: boolean) {
    if (this.level?.model === model) return;
    this.level = buildCache(model);
    this.level.labels = levelLabels(model, (text, tone) => this.measure(text, tone), this.raised);
    this.level.labelsRaised = this.raised;
    this.updateMinScale();
    if (!keepCamera || !this.positioned) this.fit(false);
    this.placed = [];
    this.update();
  }

  get model(): LevelModel | undefined {
    return this.level?.model;
  }

  /** The view of the whole level at the current bearing and tilt. */
  fitView(): Camera | undefined {
    if (!this.level) return undefined;
    return this.constrain(fitBox(this.camera, this.level.model.box, this.margin()));
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
    const margin = Math.min(this.camera.width, this.camera.height) < 500 ? 40 : 96;
    const view = fitBox(this.camera, box, margin);
    this.moveTo({ ...view, scale: Math.min(view.scale, closest) }, animate);
    this.framing = { box, closest };
  }

  /**
   * Leans the map back (2.5D) or lays it flat. A north-up map also turns a little, so the walls
   * show on two sides, and turns back when laid flat; a whole-level view stays a whole-level view.
   */
  setRaised(raised: boolean) {
    this.raised = raised;
    let bearing = this.camera.bearing;
    if (raised && bearing === 0) bearing = raisedBearing;
    else if (!raised && bearing === raisedBearing) bearing = 0;
    const next = { ...this.camera, tilt: raised ? tiltAngle : 0, bearing };
    const whole = this.fitView();
    const box = this.level?.model.box;
    if (whole && box && this.camera.scale <= whole.scale * 1.15) {
      this.moveTo(fitBox(next, box, this.margin()), true);
      this.framing = { box, closest: Infinity };
    } else {
      this.moveTo(next, true);
    }
  }

  private margin(): number {
    return Math.min(this.camera.width, this.camera.height) < 500 ? 16 : 40;
  }

  /** Moves the camera, animated unless the visitor prefers reduced motion. */
  moveTo(target: Camera, animate: boolean) {
    const to = this.constrain(target);
    this.positioned = true;
    this.framing = undefined;
    if (!animate || !this.level || this.options.reducedMotion?.()) {
      this.animation = undefined;
      this.setCamera(to);
      return;
    }
    this.animation = { from: this.camera, to, start: performance.now(), duration: 450 };
    this.requestDraw();
  }

  setCamera(camera: Camera) {
    this.camera = this.constrain(camera);
    this.options.onCamera?.(this.camera);
    this.settle();
    this.requestDraw();
  }

  get animating(): boolean {
    return this.animation !== undefined;
  }

  /** The visitor took hold of the map: stop animating and framing. */
  stopAnimation() {
    this.animation = undefined;
    this.framing = undefined;
  }

  get limits(): [number, number] {
    return [this.minScale, maxScale];
  }

  /** The feature under a screen point: an icon first, then the topmost unit. */
  pick(sx: number, sy: number): MapPick | undefined {
    for (const { candidate, box } of this.placedNow()) {
      const label = candidate as MapLabel;
      if (!label.target || label.tone === 'small') continue;
      if (sx >= box[0] - 4 && sx <= box[2] + 4 && sy >= box[1] - 4 && sy <= box[3] + 4) {
        if (label.target.type !== 'unit') return label.target;
      }
    }
    if (!this.level) return undefined;
    const unit = hitUnit(this.level.model.units, this.camera, sx, sy, this.camera.tilt > 0);
    return unit ? { type: 'unit', id: unit.shape.id } : undefined;
  }

  requestDraw() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      if (this.animation) this.stepAnimation();
      if (this.dirty) this.render();
      else if (!this.reuse()) {
        // The move went past the last render: new ground needs its labels.
        this.placeNow();
        this.render();
      }
      this.placeDot();
    });
  }

  /**
   * Shows the last render under the current camera by a CSS transform, if it still can: same tilt,
   * same bearing in 2.5D, a zoom within a factor of three (a little soft until the camera settles),
   * and the view (all but its rim) inside the rendered area.
   */
  private reuse(): boolean {
    const before = this.rendered;
    const now = this.camera;
    if (!before || Math.abs(now.tilt - before.tilt) > 1e-9) return false;
    if (now.tilt > 0 && Math.abs(now.bearing - before.bearing) > 1e-9) return false;
    const ratio = now.scale / before.scale;
    if (ratio < 0.4 || ratio > 3) return false;
    const toView = compose(cameraMatrix(now), invert(cameraMatrix(before)));
    const toBase = invert(toView);
    const inset = 0.22;
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
      if (bx < 0 || by < 0 || bx > before.width || by > before.height) return false;
    }
    const m = this.overscan;
    const [a, b, c, d, e, f] = toView;
    this.canvas.style.transform = `matrix(${a},${b},${c},${d},${e + m},${f + m})`;
    return true;
  }

  private placeDot() {
    const element = this.dotElement;
    if (!element) return;
    const dot = this.dot;
    if (!dot) {
      element.hidden = true;
      return;
    }
    const [sx, sy] = worldToScreen(this.camera, dot.x, dot.y);
    // The heading on screen: the map turns by the bearing.
    const angle = ((dot.heading - this.camera.bearing) * 180) / Math.PI;
    element.hidden = false;
    element.style.transform = `translate(${sx}px, ${sy}px) rotate(${angle}deg)`;
  }

  private stepAnimation() {
    const animation = this.animation;
    if (!animation) return;
    const t = Math.min(1, (performance.now() - animation.start) / animation.duration);
    const e = t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
    const { from, to } = animation;
    let turn = normaliseAngle(to.bearing - from.bearing);
    if (turn > Math.PI) turn -= Math.PI * 2;
    this.camera = {
      ...to,
      x: from.x + (to.x - from.x) * e,
      y: from.y + (to.y - from.y) * e,
      scale: from.scale * (to.scale / from.scale) ** e,
      bearing: normaliseAngle(from.bearing + turn * e),
      tilt: from.tilt + (to.tilt - from.tilt) * e,
      width: this.camera.width,
      height: this.camera.height,
    };
    this.options.onCamera?.(this.camera);
    if (t >= 1) {
      this.animation = undefined;
      this.settle();
    } else {
      this.requestDraw();
    }
  }

  private constrain(camera: Camera): Camera {
    const box = this.level?.model.box;
    const scale = clamp(camera.scale, this.minScale, maxScale);
    if (!box) return { ...camera, scale };
    return {
      ...camera,
      scale,
      x: clamp(camera.x, box[0], box[2]),
      y: clamp(camera.y, box[1], box[3]),
    };
  }

  private updateMinScale() {
    if (!this.level) return;
    const fitted = fitBox({ ...this.camera, bearing: 0, tilt: 0 }, this.level.model.box, 0);
    this.minScale = fitted.scale * 0.5;
  }

  /**
   * Labels are placed, and the map rendered again, once the camera has been still for a moment
   * (and when a move goes past what the last render covers).
   */
  private settle(delay = 140) {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.update(), delay);
  }

  private placeNow() {
    const level = this.level;
    if (!level) return;
    if (level.labelsRaised !== this.raised) {
      level.labels = levelLabels(
        level.model,
        (text, tone) => this.measure(text, tone),
        this.raised,
      );
      level.labelsRaised = this.raised;
    }
    const camera = this.renderCamera();
    this.placed = placeLabels(level.labels, camera, this.markerBoxes(camera));
  }

  /** The camera of a render: the view's, enlarged by the margin on every side. */
  private renderCamera(): Camera {
    const m = this.overscan;
    return { ...this.camera, width: this.camera.width + 2 * m, height: this.camera.height + 2 * m };
  }

  /** The placed labels where they are now under a camera (the view's by default). */
  private placedNow(camera: Camera = this.camera): PlacedLabel[] {
    return this.placed.map(({ candidate }) => ({ candidate, box: labelBox(camera, candidate) }));
  }

  private markerZ(marker: MapMarker): number {
    if (!this.raised || !marker.unit) return 0;
    return this.level?.model.byId.get(marker.unit)?.style.height ?? 0;
  }

  private markerBoxes(camera: Camera): Box[] {
    return this.markers.map((marker) => {
      const [sx, sy] = worldToScreen(camera, marker.x, marker.y, this.markerZ(marker));
      if (marker.kind === 'start' || marker.kind === 'end' || marker.kind === 'place') {
        return [sx - 13, sy - 38, sx + 13, sy + 2];
      }
      const width = marker.text ? this.measure(marker.text, 'normal') + 16 : 24;
      return [sx - Math.max(width / 2, 14), sy - 42, sx + Math.max(width / 2, 14), sy + 14];
    });
  }

  measure(text: string, tone: LabelTone): number {
    const key = `${tone}|${text}`;
    let width = this.textWidths.get(key);
    if (width === undefined) {
      this.ctx.font = font(tone);
      width = this.ctx.measureText(text).width;
      this.textWidths.set(key, width);
    }
    return width;
  }

  /** Draws the whole map for the current camera, margin included. */
  private render() {
    const cam = this.renderCamera();
    this.view = cam;
    this.rendered = cam;
    this.dirty = false;
    this.canvas.style.transform = '';
    const c = this.ctx;
    const dpr = this.dpr;
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Outside the level the canvas stays transparent over the map's own background (demo.css):
    // one full-size fill less per render, and no seam where a moved render leaves a gap.
    c.clearRect(0, 0, cam.width, cam.height);
    const level = this.level;
    if (level) this.drawLevel(level, cam);
    this.present();
    if (level && !firstDrawMarked) {
      firstDrawMarked = true;
      performance.mark('demo:first-draw');
    }
  }

  private drawLevel(level: LevelCache, cam: Camera) {
    const c = this.ctx;
    const dpr = this.dpr;
    const world = (z = 0) => {
      const [a, b, cc, d, e, f] = cameraMatrix(cam, z);
      c.setTransform(a * dpr, b * dpr, cc * dpr, d * dpr, e * dpr, f * dpr);
    };
    const px = 1 / cam.scale;
    c.lineJoin = 'round';
    world();
    c.fillStyle = mapColours.floor;
    c.fill(level.outline, 'evenodd');
    c.lineWidth = 2 * px;
    c.strokeStyle = mapColours.floorStroke;
    c.stroke(level.outline);

    for (const group of level.flat) strokeGroup(c, group, px, true);

    c.fillStyle = mapColours.section;
    c.fill(level.sections);
    c.setLineDash([6 * px, 4 * px]);
    c.strokeStyle = mapColours.sectionStroke;
    c.lineWidth = 1.2 * px;
    c.stroke(level.sections);
    c.setLineDash([]);

    c.fillStyle = mapColours.fixture;
    c.fill(level.fixtures);
    c.strokeStyle = mapColours.fixtureStroke;
    c.lineWidth = px;
    c.stroke(level.fixtures);
    c.fillStyle = mapColours.vegetation;
    c.fill(level.greenery);
    c.strokeStyle = mapColours.vegetationStroke;
    c.stroke(level.greenery);
    c.fillStyle = mapColours.kiosk;
    c.fill(level.kiosks);

    const tilted = cam.tilt > 0.001;
    if (!tilted) {
      for (const { groups } of level.raised)
        for (const group of groups) strokeGroup(c, group, px, true);
      this.drawDoors(level, px);
    } else {
      this.drawDoors(level, px);
      const walls = this.walls(level);
      for (const { height, groups } of level.raised) {
        world();
        for (const group of groups) {
          const pair = walls.get(group.key);
          if (!pair) continue;
          c.fillStyle = group.style.wall;
          c.fill(pair[0]);
          c.fillStyle = shade(group.style.wall, 0.9);
          c.fill(pair[1]);
        }
        world(height);
        for (const group of groups) strokeGroup(c, group, px, true);
      }
      world();
    }

    this.drawHighlight(level, px);
    if (this.heat?.level === level.model.data.short) drawHeat(c, cam, dpr, this.heat);
    this.drawTaken(level, px);
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    // Words under the route, icons over it: the way matters more than a name, and an icon is small.
    const icons = this.drawLabels();
    this.drawRoute();
    for (const [glyph, x, y] of icons) {
      c.drawImage(this.glyphSprite(glyph), x, y, iconRadius * 2 + 2, iconRadius * 2 + 2);
    }
    this.drawMarkers();
    drawVenueFences(c, this.view, this.venueFences);
    drawFence(c, this.view, this.liveFence);
    drawTrackLine(c, this.view, this.liveLine);
    drawLiveDots(c, this.view, this.liveDots);
  }

  private drawDoors(level: LevelCache, px: number) {
    const c = this.ctx;
    c.lineCap = 'butt';
    c.lineWidth = 2.6 * px;
    c.strokeStyle = unitStyles.walk.fill;
    c.stroke(level.doors.walk);
    c.strokeStyle = unitStyles.road.fill;
    c.stroke(level.doors.car);
    c.lineWidth = 4 * px;
    c.strokeStyle = mapColours.entrance;
    c.stroke(level.doors.entrance);
  }

  private drawTaken(level: LevelCache, px: number) {
    const taken = this.taken;
    if (!taken || taken.level !== level.model.data.short) return;
    if (this.takenPath?.taken !== taken) {
      const path = new Path2D();
      for (const id of taken.ids) {
        const unit = level.model.byId.get(id);
        if (unit) addPoly(path, unit.shape.g);
      }
      this.takenPath = { taken, path };
    }
    const c = this.ctx;
    const dpr = this.dpr;
    const [a, b, cc, d, e, f] = cameraMatrix(this.view);
    c.setTransform(a * dpr, b * dpr, cc * dpr, d * dpr, e * dpr, f * dpr);
    c.fillStyle = mapColours.takenFill;
    c.fill(this.takenPath.path);
    c.strokeStyle = mapColours.taken;
    c.lineWidth = 1.5 * px;
    c.stroke(this.takenPath.path);
  }

  private drawHighlight(level: LevelCache, px: number) {
    if (!this.highlight) return;
    const unit = level.model.byId.get(this.highlight);
    if (!unit) return;
    const c = this.ctx;
    const dpr = this.dpr;
    const [a, b, cc, d, e, f] = cameraMatrix(this.view, this.view.tilt > 0 ? unit.style.height : 0);
    c.setTransform(a * dpr, b * dpr, cc * dpr, d * dpr, e * dpr, f * dpr);
    const path = new Path2D();
    addPoly(path, unit.shape.g);
    c.fillStyle = mapColours.highlightFill;
    c.fill(path);
    c.strokeStyle = mapColours.highlight;
    c.lineWidth = 2.5 * px;
    c.stroke(path);
  }

  private walls(level: LevelCache): Map<StyleKey, [Path2D, Path2D]> {
    const cam = this.view;
    const cached = level.walls;
    if (cached && cached.bearing === cam.bearing && cached.tilt === cam.tilt) return cached.paths;
    const paths = new Map<StyleKey, [Path2D, Path2D]>();
    // Screen-up and screen-right directions in the world.
    const ux = Math.sin(cam.bearing);
    const uy = Math.cos(cam.bearing);
    const rx = Math.cos(cam.bearing);
    const ry = -Math.sin(cam.bearing);
    for (const { height, groups } of level.raised) {
      const [vx, vy] = roofShift(cam, height);
      for (const group of groups) {
        const front = new Path2D();
        const side = new Path2D();
        for (const unit of group.units) {
          for (const ring of unit.shape.g) {
            const n = ring.length;
            for (let i = 0; i < n; i += 2) {
              const x0 = ring[i] as number;
              const y0 = ring[i + 1] as number;
              const x1 = ring[(i + 2) % n] as number;
              const y1 = ring[(i + 3) % n] as number;
              // Outward normal (solid on the left of each edge, §2.3 winding).
              const nx = y1 - y0;
              const ny = x0 - x1;
              if (nx * ux + ny * uy >= 0) continue;
              const path = nx * rx + ny * ry > 0.35 * Math.hypot(nx, ny) ? side : front;
              path.moveTo(x0, y0);
              path.lineTo(x1, y1);
              path.lineTo(x1 + vx, y1 + vy);
              path.lineTo(x0 + vx, y0 + vy);
              path.closePath();
            }
          }
        }
        paths.set(group.key, [front, side]);
      }
    }
    level.walls = { bearing: cam.bearing, tilt: cam.tilt, paths };
    return paths;
  }

  private drawRoute() {
    const route = this.route;
    const level = this.level;
    if (!route || !level) return;
    const c = this.ctx;
    const short = level.model.data.short;
    c.lineCap = 'round';
    c.lineJoin = 'round';
    const trace = (points: number[], from = 0, to = Infinity) => {
      c.beginPath();
      const last = Math.min(points.length / 2 - 1, to);
      for (let i = from; i <= last; i += 1) {
        const [sx, sy] = worldToScreen(
          this.view,
          points[2 * i] as number,
          points[2 * i + 1] as number,
        );
        if (i === from) c.moveTo(sx, sy);
        else c.lineTo(sx, sy);
      }
    };
    // The other levels' legs, hinted.
    c.setLineDash([4, 6]);
    c.lineWidth = 2;
    c.strokeStyle = 'rgb(26 86 219 / 35%)';
    for (const leg of route.legs) {
      if (leg.level === short) continue;
      trace(leg.points);
      c.stroke();
    }
    c.setLineDash([]);
    for (const leg of route.legs) {
      if (leg.level !== short) continue;
      trace(leg.points);
      c.strokeStyle = mapColours.routeCasing;
      c.lineWidth = 9;
      c.stroke();
      c.strokeStyle = mapColours.route;
      c.lineWidth = 5.5;
      c.stroke();
      this.drawChevrons(leg.points);
    }
  }

  /** Small arrows along the route line, pointing the way. */
  private drawChevrons(points: number[]) {
    const c = this.ctx;
    c.strokeStyle = 'rgb(255 255 255 / 90%)';
    c.lineWidth = 1.6;
    const spacing = 46;
    let carry = spacing / 2;
    let [px0, py0] = worldToScreen(this.view, points[0] as number, points[1] as number);
    c.beginPath();
    for (let i = 2; i < points.length; i += 2) {
      const [px1, py1] = worldToScreen(this.view, points[i] as number, points[i + 1] as number);
      const length = Math.hypot(px1 - px0, py1 - py0);
      const ux = (px1 - px0) / (length || 1);
      const uy = (py1 - py0) / (length || 1);
      let t = carry;
      while (t < length) {
        const x = px0 + ux * t;
        const y = py0 + uy * t;
        c.moveTo(x - ux * 3 - uy * 3, y - uy * 3 + ux * 3);
        c.lineTo(x + ux * 1.5, y + uy * 1.5);
        c.lineTo(x - ux * 3 + uy * 3, y - uy * 3 - ux * 3);
        t += spacing;
      }
      carry = t - length;
      px0 = px1;
      py0 = py1;
    }
    c.stroke();
  }

  /**
   * Writes the labels' words, tone by tone (one font change each), and returns where their icons
   * go. Words are written directly: a render happens only when the camera settles, so caching them
   * as images would save nothing; icons are stamped from sprites.
   */
  private drawLabels(): [Glyph, number, number][] {
    const c = this.ctx;
    const { width, height } = this.view;
    const icon = iconRadius * 2 + 2;
    const icons: [Glyph, number, number][] = [];
    const words: Record<LabelTone, [string, number, number][]> = {
      normal: [],
      small: [],
      zone: [],
    };
    for (const { candidate, box } of this.placedNow(this.view)) {
      if (box[2] < -20 || box[3] < -20 || box[0] > width + 20 || box[1] > height + 20) continue;
      const label = candidate as MapLabel;
      let x = box[0];
      if (label.glyph) {
        icons.push([label.glyph, x, box[1] + (label.h - icon) / 2]);
        x += icon + 2;
      }
      if (label.text) words[label.tone].push([label.text, x + 2, box[1] + label.h / 2]);
    }
    c.textBaseline = 'middle';
    c.textAlign = 'left';
    c.lineJoin = 'round';
    c.lineWidth = 3;
    c.strokeStyle = mapColours.halo;
    for (const tone of ['zone', 'normal', 'small'] as const) {
      const list = words[tone];
      if (!list.length) continue;
      c.font = font(tone);
      c.fillStyle =
        tone === 'zone'
          ? mapColours.sectionLabel
          : tone === 'small'
            ? mapColours.labelMuted
            : mapColours.label;
      for (const [text, x, y] of list) c.strokeText(text, x, y);
      for (const [text, x, y] of list) c.fillText(text, x, y);
    }
    return icons;
  }

  private glyphSprite(glyph: Glyph): HTMLCanvasElement {
    const key = `g|${glyph}`;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      const size = iconRadius * 2 + 2;
      sprite = document.createElement('canvas');
      sprite.width = Math.ceil(size * this.dpr);
      sprite.height = Math.ceil(size * this.dpr);
      const s = sprite.getContext('2d');
      if (s) {
        s.setTransform(this.dpr, 0, 0, this.dpr, (size / 2) * this.dpr, (size / 2) * this.dpr);
        drawGlyph(s, glyph, iconRadius);
      }
      this.sprites.set(key, sprite);
    }
    return sprite;
  }

  private drawMarkers() {
    const c = this.ctx;
    for (const marker of this.markers) {
      const [sx, sy] = worldToScreen(this.view, marker.x, marker.y, this.markerZ(marker));
      c.save();
      c.translate(sx, sy);
      if (marker.kind === 'here') {
        c.fillStyle = 'rgb(225 29 72 / 18%)';
        c.beginPath();
        c.arc(0, 0, 18, 0, Math.PI * 2);
        c.fill();
        c.fillStyle = mapColours.here;
        c.strokeStyle = '#ffffff';
        c.lineWidth = 3;
        c.beginPath();
        c.arc(0, 0, 8, 0, Math.PI * 2);
        c.fill();
        c.stroke();
        if (marker.text) this.bubble(marker.text, -24, mapColours.here);
      } else if (marker.kind === 'connector') {
        c.translate(0, 0);
        drawGlyph(c, marker.glyph ?? 'elevator', 11);
        if (marker.text) this.bubble(marker.text, -20, glyphColours[marker.glyph ?? 'elevator']);
      } else {
        const colour =
          marker.kind === 'start'
            ? mapColours.entrance
            : marker.kind === 'end'
              ? mapColours.here
              : mapColours.highlight;
        c.fillStyle = colour;
        c.strokeStyle = '#ffffff';
        c.lineWidth = 2;
        c.beginPath();
        c.moveTo(0, 0);
        c.bezierCurveTo(-4, -8, -12, -14, -12, -24);
        c.arc(0, -24, 12, Math.PI, 0);
        c.bezierCurveTo(12, -14, 4, -8, 0, 0);
        c.closePath();
        c.fill();
        c.stroke();
        if (marker.text) {
          c.fillStyle = '#ffffff';
          c.font = `600 12px ${fontFamily}`;
          c.textAlign = 'center';
          c.textBaseline = 'middle';
          c.fillText(marker.text, 0, -24);
        } else {
          c.fillStyle = '#ffffff';
          c.beginPath();
          c.arc(0, -24, 4.5, 0, Math.PI * 2);
          c.fill();
        }
      }
      c.restore();
    }
  }

  /** A rounded box of words above a marker. */
  private bubble(text: string, bottom: number, colour: string) {
    const c = this.ctx;
    c.font = font('normal');
    const w = this.measure(text, 'normal') + 14;
    const h = 22;
    const x = -w / 2;
    const y = bottom - h;
    c.fillStyle = colour;
    c.beginPath();
    c.roundRect(x, y, w, h, 6);
    c.moveTo(-5, bottom);
    c.lineTo(0, bottom + 5);
    c.lineTo(5, bottom);
    c.fill();
    c.fillStyle = '#ffffff';
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.fillText(text, 0, y + h / 2 + 0.5);
  }
}

function font(tone: LabelTone): string {
  return `${tone === 'zone' ? '700 ' : ''}${labelFontSize[tone]}px ${fontFamily}`;
}

function strokeGroup(c: Context2D, group: Group, px: number, fill: boolean) {
  if (fill) {
    c.fillStyle = group.style.fill;
    c.fill(group.path);
  }
  if (!group.style.stroke) return;
  c.strokeStyle = group.style.stroke;
  c.lineWidth = (group.key === 'parking' ? 1 : 1.2) * px;
  if (group.style.dashed) c.setLineDash([5 * px, 4 * px]);
  c.stroke(group.path);
  if (group.style.dashed) c.setLineDash([]);
}

function addPoly(path: Path2D, poly: number[][]) {
  for (const ring of poly) {
    for (let i = 0; i < ring.length; i += 2) {
      if (i === 0) path.moveTo(ring[0] as number, ring[1] as number);
      else path.lineTo(ring[i] as number, ring[i + 1] as number);
    }
    path.closePath();
  }
}

function buildCache(model: LevelModel): LevelCache {
  const groups = new Map<StyleKey, Group>();
  for (const unit of model.units) {
    let group = groups.get(unit.styleKey);
    if (!group) {
      group = { key: unit.styleKey, style: unit.style, path: new Path2D(), units: [] };
      groups.set(unit.styleKey, group);
    }
    addPoly(group.path, unit.shape.g);
    group.units.push(unit);
  }
  const all = [...groups.values()];
  const flat = all
    .filter((g) => g.style.height === 0)
    .sort((a, b) => a.style.layer - b.style.layer);
  const heights = [
    ...new Set(all.filter((g) => g.style.height > 0).map((g) => g.style.height)),
  ].sort((a, b) => a - b);
  const raised = heights.map((height) => ({
    height,
    groups: all.filter((g) => g.style.height === height),
  }));

  const outline = new Path2D();
  for (const poly of model.data.outline) addPoly(outline, poly);
  const sections = new Path2D();
  for (const section of model.data.sections) addPoly(sections, section.g);
  const fixtures = new Path2D();
  const greenery = new Path2D();
  for (const fixture of model.data.fixtures)
    addPoly(fixture.c === 'vegetation' ? greenery : fixtures, fixture.g);
  const kiosks = new Path2D();
  for (const kiosk of model.data.kiosks) addPoly(kiosks, kiosk.g);
  const doors = { walk: new Path2D(), car: new Path2D(), entrance: new Path2D() };
  for (const opening of model.data.openings) {
    const path = opening.n ? doors.entrance : opening.c === 'automobile' ? doors.car : doors.walk;
    const [x1, y1, x2, y2] = opening.a;
    path.moveTo(x1, y1);
    path.lineTo(x2, y2);
  }
  return {
    model,
    outline,
    flat,
    raised,
    sections,
    fixtures,
    greenery,
    kiosks,
    doors,
    labels: [],
    labelsRaised: false,
  };
}

/** A hex colour darkened (factor < 1) or lightened. */
export function shade(hex: string, factor: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => clamp(Math.round(((value >> shift) & 255) * factor), 0, 255);
  return `rgb(${channel(16)} ${channel(8)} ${channel(0)})`;
}

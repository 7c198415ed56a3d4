// A stand-in for a canvas 2D context in the unit tests (jsdom has no canvas): it keeps the state a
// draw pass sets and records every call with that state, so a test can assert what was painted,
// in which colour, through which transform, along which points.
import { afterAll, beforeAll, vi } from 'vitest';
import type { Context2D } from '../icons';
import { modelLevel } from '../level-model';
import { type Camera, type Matrix, cameraMatrix } from '../projection';
import { testLevel } from '../test-level';
import type { Frame } from './frame';
import { type MapLayers, noLayers } from './layers';
import { levelPaths } from './level-paths';

/** One step of a path: its verb and numbers, as passed. */
export type Segment = [string, ...number[]];

export interface Drawn {
  op: string;
  args: unknown[];
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  lineDash: number[];
  transform: Matrix;
  /** The path the call drew: its Path2D's if given one, else the context's current path. */
  path: Segment[];
}

interface State {
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  globalAlpha: number;
  font: string;
  lineCap: string;
  lineJoin: string;
  textAlign: string;
  textBaseline: string;
  lineDash: number[];
  transform: Matrix;
}

const pathVerbs = ['moveTo', 'lineTo', 'arc', 'bezierCurveTo', 'roundRect', 'closePath'] as const;

/** A Path2D that remembers its segments (install it with `recordPaths`). */
export class RecordingPath {
  readonly segments: Segment[] = [];
  moveTo(x: number, y: number) {
    this.segments.push(['moveTo', x, y]);
  }
  lineTo(x: number, y: number) {
    this.segments.push(['lineTo', x, y]);
  }
  closePath() {
    this.segments.push(['closePath']);
  }
}

/**
 * Makes `new Path2D()` a RecordingPath while the calling test file runs (test files share one
 * global scope: isolate is off), and puts back what the file stubbed or spied on after it.
 */
export function recordPaths() {
  beforeAll(() => vi.stubGlobal('Path2D', RecordingPath));
  afterAll(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export class RecordingContext {
  readonly calls: Drawn[] = [];
  fillStyle = '#000000';
  strokeStyle = '#000000';
  lineWidth = 1;
  globalAlpha = 1;
  font = '10px sans-serif';
  lineCap = 'butt';
  lineJoin = 'miter';
  textAlign = 'start';
  textBaseline = 'alphabetic';
  imageSmoothingEnabled = true;
  private lineDash: number[] = [];
  private transform: Matrix = [1, 0, 0, 1, 0, 0];
  private path: Segment[] = [];
  private readonly saved: State[] = [];

  /** This recorder typed as the renderer's context. */
  get context(): Context2D {
    return this as unknown as Context2D;
  }

  /** The recorded calls of one kind (fill, stroke, fillText, drawImage...). */
  ops(op: string): Drawn[] {
    return this.calls.filter((call) => call.op === op);
  }

  save() {
    this.saved.push({ ...this.state(), lineDash: [...this.lineDash] });
  }
  restore() {
    const state = this.saved.pop();
    if (state) Object.assign(this, state);
  }
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number) {
    this.transform = [a, b, c, d, e, f];
  }
  translate(x: number, y: number) {
    const [a, b, c, d, e, f] = this.transform;
    this.transform = [a, b, c, d, e + a * x + c * y, f + b * x + d * y];
  }
  setLineDash(dash: number[]) {
    this.lineDash = [...dash];
  }
  getLineDash() {
    return [...this.lineDash];
  }
  beginPath() {
    this.path = [];
  }
  measureText(text: string) {
    return { width: text.length * 10 };
  }
  fill(...args: unknown[]) {
    this.record('fill', args);
  }
  stroke(...args: unknown[]) {
    this.record('stroke', args);
  }
  fillText(...args: unknown[]) {
    this.record('fillText', args);
  }
  strokeText(...args: unknown[]) {
    this.record('strokeText', args);
  }
  drawImage(...args: unknown[]) {
    this.record('drawImage', args);
  }
  clearRect(...args: unknown[]) {
    this.record('clearRect', args);
  }
  fillRect(...args: unknown[]) {
    this.record('fillRect', args);
  }
  strokeRect(...args: unknown[]) {
    this.record('strokeRect', args);
  }
  putImageData(...args: unknown[]) {
    this.record('putImageData', args);
  }

  private state(): State {
    const { fillStyle, strokeStyle, lineWidth, globalAlpha, font, lineCap, lineJoin } = this;
    const { textAlign, textBaseline, lineDash, transform } = this;
    return {
      fillStyle,
      strokeStyle,
      lineWidth,
      globalAlpha,
      font,
      lineCap,
      lineJoin,
      textAlign,
      textBaseline,
      lineDash,
      transform,
    };
  }

  private record(op: string, args: unknown[]) {
    const given = args[0] instanceof RecordingPath ? args[0].segments : this.path;
    const { fillStyle, strokeStyle, lineWidth, globalAlpha, font, transform } = this;
    this.calls.push({
      op,
      args,
      fillStyle,
      strokeStyle,
      lineWidth,
      globalAlpha,
      font,
      lineDash: [...this.lineDash],
      transform,
      path: [...given],
    });
  }
}

for (const verb of pathVerbs) {
  Object.defineProperty(RecordingContext.prototype, verb, {
    value(this: { path: Segment[] }, ...numbers: number[]) {
      this.path.push([verb, ...numbers]);
    },
  });
}

/** The points (x, y) a path moves and lines to, in order. */
export function pathPoints(path: Segment[]): [number, number][] {
  return path
    .filter(([verb]) => verb === 'moveTo' || verb === 'lineTo')
    .map(([, x, y]) => [x as number, y as number]);
}

export const testCamera: Camera = {
  x: 500,
  y: 300,
  scale: 0.5,
  bearing: 0,
  tilt: 0,
  width: 800,
  height: 600,
};

/**
 * A frame of the test level (test-level.ts) drawn into a recorder, with these layers and camera.
 * Call `recordPaths()` first: the level's paths are Path2Ds.
 */
export function recordingFrame(
  layers: Partial<MapLayers> = {},
  camera: Partial<Camera> = {},
  more: Partial<Frame> = {},
): { frame: Frame; recorder: RecordingContext } {
  const recorder = new RecordingContext();
  const frame: Frame = {
    c: recorder.context,
    dpr: 2,
    view: { ...testCamera, ...camera },
    level: levelPaths(modelLevel(testLevel())),
    layers: { ...noLayers, ...layers },
    raised: false,
    labels: [],
    measure: (text) => text.length * 10,
    sprite: (glyph) => ({ glyph }) as unknown as CanvasImageSource,
    ...more,
  };
  return { frame, recorder };
}

/** The matrix a pass sets to draw in world units at height z, at the frame's pixel ratio. */
export function worldTransform({ view, dpr }: Frame, z = 0): Matrix {
  return cameraMatrix(view, z).map((value) => value * dpr) as Matrix;
}

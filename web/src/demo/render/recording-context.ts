// A stand-in for a canvas 2D context in the unit tests (jsdom has no canvas): it keeps the state a
// draw pass sets and records every call with that state, so a test can assert what was painted,
// in which colour, through which transform, along which points.
import { vi } from 'vitest';
import type { Context2D } from '../icons';
import type { Matrix } from '../projection';

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

/** Makes `new Path2D()` a RecordingPath for the current test file. */
export function recordPaths() {
  vi.stubGlobal('Path2D', RecordingPath);
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

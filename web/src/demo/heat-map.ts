// The flow analytics' layers (issue #17) on the map. The heat map: the server's grid of one level,
// one byte a cell, turned into a small picture once (drawn by render/draw-heat.ts). The car park:
// the spaces taken at an hour.
import type { HeatGrid } from './api';
import { lonLatToWorld } from './projection';

/** A level's heat, ready to draw: where it lies (world decimetres) and its pixels. */
export interface HeatLayer {
  level: string;
  x: number;
  y: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
  /** RGBA, row by row from the south (the world's y grows north, as the image's rows do). */
  pixels: Uint8ClampedArray;
}

/** The parking spaces with a car in them at one hour, on one level (unit ids). */
export interface TakenSpaces {
  level: string;
  ids: string[];
}

/** Cold to hot: blue, cyan, yellow, red; a cell's warmth picks between two neighbours. */
const ramp: [number, number, number][] = [
  [37, 99, 235],
  [6, 182, 212],
  [250, 204, 21],
  [220, 38, 38],
];

/** The colour and opacity of one cell's warmth (1-255; 0 is no one, transparent). */
export function heatColour(warmth: number): [number, number, number, number] {
  if (warmth <= 0) return [0, 0, 0, 0];
  const t = Math.min(warmth, 255) / 255;
  const at = t * (ramp.length - 1);
  const i = Math.min(Math.floor(at), ramp.length - 2);
  const f = at - i;
  const [a, b] = [ramp[i]!, ramp[i + 1]!];
  const mix = (k: 0 | 1 | 2) => Math.round(a[k] + (b[k] - a[k]) * f);
  return [mix(0), mix(1), mix(2), Math.round(90 + 130 * t)];
}

function decode(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export function heatLayerOf(heat: HeatGrid, origin: [number, number]): HeatLayer {
  const [x, y] = lonLatToWorld(origin, heat.south_west);
  const [east, north] = lonLatToWorld(origin, heat.north_east);
  const cells = decode(heat.cells);
  const pixels = new Uint8ClampedArray(heat.columns * heat.rows * 4);
  cells.forEach((warmth, i) => pixels.set(heatColour(warmth), i * 4));
  return {
    level: heat.level,
    x,
    y,
    width: east - x,
    height: north - y,
    columns: heat.columns,
    rows: heat.rows,
    pixels,
  };
}

const pictures = new WeakMap<HeatLayer, CanvasImageSource>();

/** The heat as a small picture, made once per layer. */
export function heatPicture(layer: HeatLayer): CanvasImageSource | null {
  const known = pictures.get(layer);
  if (known) return known;
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = layer.columns;
  canvas.height = layer.rows;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.putImageData(new ImageData(new Uint8ClampedArray(layer.pixels), layer.columns), 0, 0);
  pictures.set(layer, canvas);
  return canvas;
}

/** Draws `layer` over the floor; `dpr` the canvas's device pixel ratio. */

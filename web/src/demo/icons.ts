// The map's pictograms, drawn with canvas paths in a coloured disc: no icon font, no image request.
// Each is drawn once per pixel ratio into a small sprite canvas and stamped from there.
import { type Glyph, glyphColours } from './style';

/** A 2D context of a canvas element or of an offscreen canvas. */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

type Draw = (c: Context2D, r: number) => void;

const poly = (c: Context2D, r: number, points: number[]) => {
  c.beginPath();
  for (let i = 0; i < points.length; i += 2) {
    const x = (points[i] as number) * r;
    const y = (points[i + 1] as number) * r;
    if (i === 0) c.moveTo(x, y);
    else c.lineTo(x, y);
  }
  c.closePath();
  c.fill();
};

const dot = (c: Context2D, x: number, y: number, radius: number) => {
  c.beginPath();
  c.arc(x, y, radius, 0, Math.PI * 2);
  c.fill();
};

const glyphs: Record<Glyph, Draw> = {
  restroom: (c, r) => {
    dot(c, -0.3 * r, -0.42 * r, 0.14 * r);
    dot(c, 0.3 * r, -0.42 * r, 0.14 * r);
    c.fillRect(-0.46 * r, -0.2 * r, 0.32 * r, 0.68 * r);
    poly(c, r, [0.3, -0.22, 0.5, 0.3, 0.1, 0.3]);
    c.fillRect(0.2 * r, 0.28 * r, 0.2 * r, 0.2 * r);
  },
  nursing: (c, r) => {
    c.fillRect(-0.24 * r, -0.18 * r, 0.48 * r, 0.68 * r);
    c.fillRect(-0.14 * r, -0.36 * r, 0.28 * r, 0.16 * r);
    dot(c, 0, -0.46 * r, 0.1 * r);
  },
  elevator: (c, r) => {
    poly(c, r, [0, -0.58, 0.34, -0.1, -0.34, -0.1]);
    poly(c, r, [0, 0.58, 0.34, 0.1, -0.34, 0.1]);
  },
  escalator: (c, r) => {
    c.lineWidth = 0.2 * r;
    c.lineJoin = 'round';
    c.beginPath();
    c.moveTo(-0.6 * r, 0.42 * r);
    c.lineTo(-0.24 * r, 0.42 * r);
    c.lineTo(0.24 * r, -0.3 * r);
    c.lineTo(0.6 * r, -0.3 * r);
    c.stroke();
  },
  stairs: (c, r) =>
    poly(
      c,
      r,
      [
        -0.58, 0.5, -0.58, 0.22, -0.2, 0.22, -0.2, -0.08, 0.2, -0.08, 0.2, -0.38, 0.58, -0.38, 0.58,
        0.5,
      ],
    ),
  info: (c, r) => {
    dot(c, 0, -0.4 * r, 0.13 * r);
    c.fillRect(-0.11 * r, -0.16 * r, 0.22 * r, 0.66 * r);
  },
  money: (c, r) => {
    c.lineWidth = 0.16 * r;
    c.beginPath();
    c.moveTo(-0.36 * r, -0.5 * r);
    c.lineTo(0, -0.06 * r);
    c.lineTo(0.36 * r, -0.5 * r);
    c.moveTo(0, -0.06 * r);
    c.lineTo(0, 0.54 * r);
    c.moveTo(-0.3 * r, 0.04 * r);
    c.lineTo(0.3 * r, 0.04 * r);
    c.moveTo(-0.3 * r, 0.28 * r);
    c.lineTo(0.3 * r, 0.28 * r);
    c.stroke();
  },
  aid: (c, r) => {
    c.fillRect(-0.14 * r, -0.5 * r, 0.28 * r, r);
    c.fillRect(-0.5 * r, -0.14 * r, r, 0.28 * r);
  },
  kiosk: (c, r) => {
    c.fillRect(-0.4 * r, -0.52 * r, 0.8 * r, 0.62 * r);
    c.fillRect(-0.08 * r, 0.1 * r, 0.16 * r, 0.3 * r);
    c.fillRect(-0.3 * r, 0.38 * r, 0.6 * r, 0.14 * r);
  },
  entrance: (c, r) => {
    c.lineWidth = 0.14 * r;
    c.strokeRect(-0.1 * r, -0.5 * r, 0.58 * r, r);
    c.fillRect(-0.62 * r, -0.08 * r, 0.5 * r, 0.16 * r);
    poly(c, r, [0.1, 0, -0.16, -0.26, -0.16, 0.26]);
  },
  car: (c, r) => {
    poly(c, r, [-0.56, 0.24, -0.56, -0.04, -0.34, -0.38, 0.34, -0.38, 0.56, -0.04, 0.56, 0.24]);
    dot(c, -0.3 * r, 0.3 * r, 0.14 * r);
    dot(c, 0.3 * r, 0.3 * r, 0.14 * r);
  },
  water: (c, r) => {
    c.beginPath();
    c.moveTo(0, -0.56 * r);
    c.quadraticCurveTo(0.46 * r, 0.02 * r, 0.36 * r, 0.2 * r);
    c.arc(0, 0.2 * r, 0.36 * r, 0, Math.PI);
    c.quadraticCurveTo(-0.46 * r, 0.02 * r, 0, -0.56 * r);
    c.fill();
  },
  service: (c, r) =>
    poly(
      c,
      r,
      [
        0, -0.56, 0.16, -0.18, 0.54, -0.16, 0.24, 0.1, 0.34, 0.5, 0, 0.28, -0.34, 0.5, -0.24, 0.1,
        -0.54, -0.16, -0.16, -0.18,
      ],
    ),
  power: (c, r) =>
    poly(c, r, [0.12, -0.6, -0.38, 0.08, -0.04, 0.08, -0.14, 0.6, 0.38, -0.1, 0.04, -0.1]),
  dot: (c, r) => dot(c, 0, 0, 0.28 * r),
};

/** Draws a glyph in its disc, centred on (0, 0) of the current transform. */
export function drawGlyph(c: Context2D, glyph: Glyph, r: number, colour?: string) {
  c.fillStyle = colour ?? glyphColours[glyph];
  c.strokeStyle = '#ffffff';
  c.lineWidth = Math.max(1.5, r * 0.16);
  c.beginPath();
  c.arc(0, 0, r, 0, Math.PI * 2);
  c.fill();
  c.stroke();
  c.fillStyle = '#ffffff';
  c.strokeStyle = '#ffffff';
  glyphs[glyph](c, r * 0.78);
}

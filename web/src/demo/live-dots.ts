// The live positioning dots on the map canvas: one per tag, coloured by technology, with a halo
// as wide as the filter's uncertainty; with the truth shown, a hollow ring where the tag really
// is and a thin line to it, so the error can be seen.
import type { Context2D } from './icons';
import { type Camera, lonLatToWorld, worldToScreen } from './projection';
import type { TrackAnswer } from './api';
import type { LiveFrame, Technology } from './live-stream';

export interface LiveDot {
  id: string;
  technology: Technology;
  /** World units (decimetres in the venue's frame). */
  x: number;
  y: number;
  spread: number;
  truth?: { x: number; y: number } | undefined;
}

export const technologyColours: Record<Technology, string> = {
  ble: '#1a56db',
  aoa: '#7c3aed',
  uwb: '#059669',
};

/** A fence on the map: its corners (world units), closed once drawn. */
export interface FenceOutline {
  corners: [number, number][];
  closed: boolean;
}

export function drawFence(c: Context2D, camera: Camera, fence: FenceOutline | null) {
  if (!fence || fence.corners.length === 0) return;
  c.save();
  c.strokeStyle = '#dc2626';
  c.fillStyle = 'rgb(220 38 38 / 10%)';
  c.lineWidth = 2;
  c.setLineDash(fence.closed ? [] : [6, 4]);
  c.beginPath();
  fence.corners.forEach(([x, y], i) => {
    const [sx, sy] = worldToScreen(camera, x, y);
    if (i === 0) c.moveTo(sx, sy);
    else c.lineTo(sx, sy);
  });
  if (fence.closed) {
    c.closePath();
    c.fill();
  }
  c.stroke();
  c.fillStyle = '#dc2626';
  for (const [x, y] of fence.corners) {
    const [sx, sy] = worldToScreen(camera, x, y);
    c.beginPath();
    c.arc(sx, sy, 3.5, 0, Math.PI * 2);
    c.fill();
  }
  c.restore();
}

/** The venue's own fences on the level (world units): dashed amber outlines, named by the panel. */
export function drawVenueFences(c: Context2D, camera: Camera, rings: [number, number][][]) {
  if (rings.length === 0) return;
  c.save();
  c.strokeStyle = '#d97706';
  c.fillStyle = 'rgb(217 119 6 / 12%)';
  c.lineWidth = 2;
  c.setLineDash([8, 5]);
  for (const ring of rings) {
    c.beginPath();
    ring.forEach(([x, y], i) => {
      const [sx, sy] = worldToScreen(camera, x, y);
      if (i === 0) c.moveTo(sx, sy);
      else c.lineTo(sx, sy);
    });
    c.closePath();
    c.fill();
    c.stroke();
  }
  c.restore();
}

/** A square fence of `half` world units around (x, y). */
export function squareAround(x: number, y: number, half: number): [number, number][] {
  return [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
  ];
}

/** A replayed track's line on the level shown, under its dot. */
export function drawTrackLine(c: Context2D, camera: Camera, line: [number, number][]) {
  if (line.length < 2) return;
  c.save();
  c.strokeStyle = technologyColours.ble;
  c.globalAlpha = 0.55;
  c.lineWidth = 3;
  c.lineJoin = 'round';
  c.beginPath();
  line.forEach(([x, y], i) => {
    const [sx, sy] = worldToScreen(camera, x, y);
    if (i === 0) c.moveTo(sx, sy);
    else c.lineTo(sx, sy);
  });
  c.stroke();
  c.restore();
}

export function drawLiveDots(c: Context2D, camera: Camera, dots: LiveDot[]) {
  for (const dot of dots) {
    const colour = technologyColours[dot.technology];
    const [sx, sy] = worldToScreen(camera, dot.x, dot.y);
    const [ex, ey] = worldToScreen(camera, dot.x + dot.spread, dot.y);
    const halo = Math.min(Math.max(Math.hypot(ex - sx, ey - sy), 8), 60);
    c.save();
    if (dot.truth) {
      const [tx, ty] = worldToScreen(camera, dot.truth.x, dot.truth.y);
      c.strokeStyle = colour;
      c.lineWidth = 1;
      c.beginPath();
      c.moveTo(sx, sy);
      c.lineTo(tx, ty);
      c.stroke();
      c.lineWidth = 2;
      c.beginPath();
      c.arc(tx, ty, 5, 0, Math.PI * 2);
      c.stroke();
    }
    c.globalAlpha = 0.16;
    c.fillStyle = colour;
    c.beginPath();
    c.arc(sx, sy, halo, 0, Math.PI * 2);
    c.fill();
    c.globalAlpha = 1;
    c.strokeStyle = '#ffffff';
    c.lineWidth = 2;
    c.beginPath();
    c.arc(sx, sy, 5.5, 0, Math.PI * 2);
    c.fill();
    c.stroke();
    c.restore();
  }
}

/** The dots of `frame`'s tags estimated on `level`, in the venue's frame around `origin`. */
export function dotsOf(
  frame: LiveFrame | null,
  origin: [number, number],
  level: string,
): LiveDot[] {
  if (!frame) return [];
  return frame.tags
    .filter((tag) => tag.level === level)
    .map((tag) => {
      const [x, y] = lonLatToWorld(origin, tag.point);
      const truth =
        tag.truth && tag.truth.level === level ? lonLatToWorld(origin, tag.truth.point) : undefined;
      return {
        id: tag.id,
        technology: tag.technology,
        x,
        y,
        // Metres to the frame's decimetres.
        spread: tag.spreadM * 10,
        truth: truth ? { x: truth[0], y: truth[1] } : undefined,
      };
    });
}

/** The replayed tag at point `index` of `track` and its line, on `level`. */
export function replayOn(
  track: TrackAnswer,
  index: number,
  origin: [number, number],
  level: string,
  truth: boolean,
): { dots: LiveDot[]; line: [number, number][] } {
  const line = track.points
    .filter((point) => point.level === level)
    .map((point) => lonLatToWorld(origin, point.point));
  const point = track.points[index];
  if (!point || point.level !== level) return { dots: [], line };
  const [x, y] = lonLatToWorld(origin, point.point);
  const real =
    truth && point.truth.level === level ? lonLatToWorld(origin, point.truth.point) : null;
  return {
    dots: [
      {
        id: track.tag,
        technology: track.technology,
        x,
        y,
        spread: 0,
        truth: real ? { x: real[0], y: real[1] } : undefined,
      },
    ],
    line,
  };
}

// The live positioning demo's tags and fences as map data: a frame's dots on a level, a replay's
// line, the technologies' colours. They are drawn by render/draw-dots.ts and draw-fences.ts.
import { lonLatToWorld } from './projection';
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

/** A square fence of `half` world units around (x, y). */
export function squareAround(x: number, y: number, half: number): [number, number][] {
  return [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
  ];
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
  // A track with points names its technology.
  if (!point || point.level !== level || !track.technology) return { dots: [], line };
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

// Plane geometry on the level files' flat rings ([x0, y0, x1, y1, ...], decimetres, docs/venue-contract.md §3.2).
import type { Point, Poly, Ring } from '../content/venues/viewer-files';

/** minX, minY, maxX, maxY */
export type Box = [number, number, number, number];

export function emptyBox(): Box {
  return [Infinity, Infinity, -Infinity, -Infinity];
}

export function extendBox(box: Box, ring: Ring): Box {
  for (let i = 0; i < ring.length; i += 2) {
    const x = ring[i] as number;
    const y = ring[i + 1] as number;
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

export function polyBox(poly: Poly): Box {
  const box = emptyBox();
  for (const ring of poly) extendBox(box, ring);
  return box;
}

export function inBox(box: Box, x: number, y: number): boolean {
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

/** Signed area (positive counter-clockwise), square decimetres. */
export function ringArea(ring: Ring): number {
  let sum = 0;
  const n = ring.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    sum +=
      (ring[i] as number) * (ring[j + 1] as number) - (ring[j] as number) * (ring[i + 1] as number);
  }
  return sum / 2;
}

/** Area of a polygon with holes, square metres. */
export function polyArea(poly: Poly): number {
  let area = 0;
  poly.forEach((ring, index) => {
    const a = Math.abs(ringArea(ring));
    area += index === 0 ? a : -a;
  });
  return area / 100;
}

/** The area-weighted centroid of the exterior ring. */
export function ringCentroid(ring: Ring): Point {
  let cx = 0;
  let cy = 0;
  let twice = 0;
  const n = ring.length;
  for (let i = 0; i < n; i += 2) {
    const j = (i + 2) % n;
    const x0 = ring[i] as number;
    const y0 = ring[i + 1] as number;
    const x1 = ring[j] as number;
    const y1 = ring[j + 1] as number;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (twice === 0) return [ring[0] ?? 0, ring[1] ?? 0];
  return [cx / (3 * twice), cy / (3 * twice)];
}

/** Even-odd crossing test. */
export function pointInRing(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  const n = ring.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = ring[i] as number;
    const yi = ring[i + 1] as number;
    const xj = ring[j] as number;
    const yj = ring[j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the exterior ring and outside every hole. */
export function pointInPoly(x: number, y: number, poly: Poly): boolean {
  const [outer, ...holes] = poly;
  if (!outer || !pointInRing(x, y, outer)) return false;
  return !holes.some((hole) => pointInRing(x, y, hole));
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** How far (x, y) is from the segment a-b. */
export function distanceToSegment(x: number, y: number, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / length2)) : 0;
  return Math.hypot(x - a[0] - t * dx, y - a[1] - t * dy);
}

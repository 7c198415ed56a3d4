// Plane geometry in a venue's local metric frame: the projection of docs/venue-contract.md section
// 2.3 (and its inverse), bounding boxes, ring orientation and self-intersection, point location in
// polygons with holes, distances to segments, containment, and the length of boundary two polygons
// share. Rings here are open: the closing repeat of GeoJSON is dropped when a ring is projected.

import { earthRadius } from './contract';

export type Vec = readonly [number, number];
/** A ring without its closing repeat. */
export type Ring = readonly Vec[];
/** The exterior ring first, then the holes. */
export type Polygon = readonly Ring[];
/** minX, minY, maxX, maxY */
export type Box = readonly [number, number, number, number];

/**
 * The venue's local frame: x east and y north in metres from `origin` (the venue's display
 * point). The build and the engine both use exactly this equirectangular projection, so a
 * position means the same in both.
 */
export interface Projection {
  origin: Vec;
  toLocal(lonLat: readonly number[]): Vec;
  toLonLat(xy: Vec): Vec;
}

export function projection(origin: Vec): Projection {
  const [lon0, lat0] = origin;
  const radians = Math.PI / 180;
  const metresPerLon = radians * earthRadius * Math.cos(lat0 * radians);
  const metresPerLat = radians * earthRadius;
  return {
    origin,
    toLocal: (lonLat) => [
      ((lonLat[0] ?? 0) - lon0) * metresPerLon,
      ((lonLat[1] ?? 0) - lat0) * metresPerLat,
    ],
    toLonLat: ([x, y]) => [lon0 + x / metresPerLon, lat0 + y / metresPerLat],
  };
}

/** GeoJSON positions of a closed ring -> an open ring in the local frame. */
export function projectRing(positions: readonly (readonly number[])[], frame: Projection): Ring {
  const ring = positions.slice(0, -1).map((position) => frame.toLocal(position));
  // Repeated consecutive positions carry no shape; they would only make zero-length edges.
  return ring.filter((point, index) => !samePoint(point, ring[(index + 1) % ring.length]!));
}

export function samePoint(a: Vec, b: Vec): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

// Bounding boxes ---------------------------------------------------------------------------------

export function ringBox(ring: Ring): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

export function unionBox(boxes: readonly Box[]): Box {
  return [
    Math.min(...boxes.map((box) => box[0])),
    Math.min(...boxes.map((box) => box[1])),
    Math.max(...boxes.map((box) => box[2])),
    Math.max(...boxes.map((box) => box[3])),
  ];
}

export function polygonBox(polygon: Polygon): Box {
  // The exterior bounds the holes.
  return ringBox(polygon[0] ?? []);
}

export function growBox(box: Box, margin: number): Box {
  return [box[0] - margin, box[1] - margin, box[2] + margin, box[3] + margin];
}

export function boxesTouch(a: Box, b: Box, margin = 0): boolean {
  return (
    a[0] <= b[2] + margin && b[0] <= a[2] + margin && a[1] <= b[3] + margin && b[1] <= a[3] + margin
  );
}

export function segmentBox(a: Vec, b: Vec): Box {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
}

// Areas and orientation --------------------------------------------------------------------------

/** Shoelace area: positive when the ring runs counter-clockwise (x east, y north). */
export function signedArea(ring: Ring): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return twice / 2;
}

export function isCounterClockwise(ring: Ring): boolean {
  return signedArea(ring) > 0;
}

/** Area of a polygon with holes, whatever the rings' orientation. */
export function polygonArea(polygon: Polygon): number {
  return polygon.reduce(
    (sum, ring, index) => sum + (index === 0 ? 1 : -1) * Math.abs(signedArea(ring)),
    0,
  );
}

/** The area centroid of a polygon's exterior (the centre of a parking space, a kiosk). */
export function centroid(polygon: Polygon): Vec {
  const ring = polygon[0] ?? [];
  let twice = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    const cross = x1 * y2 - x2 * y1;
    twice += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (twice === 0) return ring[0] ?? [0, 0];
  return [cx / (3 * twice), cy / (3 * twice)];
}

// Segments ---------------------------------------------------------------------------------------

/** Twice the signed area of triangle a, b, c: > 0 when c is left of a -> b. */
export function cross(a: Vec, b: Vec, c: Vec): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

export function distance(a: Vec, b: Vec): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

export function pointSegmentDistance(p: Vec, a: Vec, b: Vec): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** How far apart positions may be and still count as one (metres): well below a millimetre. */
const exact = 1e-6;

/** Side of c relative to a -> b as a distance in metres (positive: left). */
function sideDistance(a: Vec, b: Vec, c: Vec): number {
  const length = distance(a, b);
  return length === 0 ? distance(a, c) : cross(a, b, c) / length;
}

function onSegment(p: Vec, a: Vec, b: Vec): boolean {
  return pointSegmentDistance(p, a, b) <= exact;
}

/** Whether closed segments a-b and c-d meet anywhere (crossing, touching or overlapping). */
export function segmentsMeet(a: Vec, b: Vec, c: Vec, d: Vec): boolean {
  const d1 = sideDistance(c, d, a);
  const d2 = sideDistance(c, d, b);
  const d3 = sideDistance(a, b, c);
  const d4 = sideDistance(a, b, d);
  const strictly = (u: number, v: number) => (u > exact && v < -exact) || (u < -exact && v > exact);
  if (strictly(d1, d2) && strictly(d3, d4)) return true;
  return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b);
}

/**
 * Whether a-b passes from one side of c-d to the other, each end farther than `tolerance` from
 * c-d's line, through a point inside both segments: a real crossing, not a touch along a
 * shared wall.
 */
export function segmentsCross(a: Vec, b: Vec, c: Vec, d: Vec, tolerance: number): boolean {
  const d1 = sideDistance(c, d, a);
  const d2 = sideDistance(c, d, b);
  if (!((d1 > tolerance && d2 < -tolerance) || (d1 < -tolerance && d2 > tolerance))) return false;
  const d3 = sideDistance(a, b, c);
  const d4 = sideDistance(a, b, d);
  return (d3 > exact && d4 < -exact) || (d3 < -exact && d4 > exact);
}

function intersection(a: Vec, b: Vec, c: Vec, d: Vec): Vec {
  const denominator = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0]);
  if (denominator === 0) return onSegment(a, c, d) ? a : onSegment(b, c, d) ? b : c;
  const t = ((c[0] - a[0]) * (d[1] - c[1]) - (c[1] - a[1]) * (d[0] - c[0])) / denominator;
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

// Rings ------------------------------------------------------------------------------------------

/**
 * Where a ring meets itself other than at the shared end of consecutive edges (crossing,
 * touching, or folding back along itself), or undefined for a simple ring. Edges are swept by
 * their left end, so a ring of n edges costs about n log n, not n squared.
 */
export function selfIntersection(ring: Ring): Vec | undefined {
  const n = ring.length;
  if (n < 3) return ring[0];
  const edges = ring.map((start, index) => {
    const end = ring[(index + 1) % n]!;
    return { index, start, end, box: segmentBox(start, end) };
  });
  edges.sort((a, b) => a.box[0] - b.box[0]);
  for (let i = 0; i < n; i++) {
    const e = edges[i]!;
    for (let j = i + 1; j < n; j++) {
      const f = edges[j]!;
      if (f.box[0] > e.box[2] + exact) break;
      if (f.box[1] > e.box[3] + exact || e.box[1] > f.box[3] + exact) continue;
      const gap = Math.abs(e.index - f.index);
      if (gap === 1 || gap === n - 1) {
        // Consecutive edges share one end; they may only meet there, unless they fold back.
        const [first, second] = (f.index - e.index + n) % n === 1 ? [e, f] : [f, e];
        const shared = first.end;
        const back = first.start;
        const ahead = second.end;
        if (
          Math.abs(sideDistance(back, shared, ahead)) <= exact &&
          (ahead[0] - shared[0]) * (back[0] - shared[0]) +
            (ahead[1] - shared[1]) * (back[1] - shared[1]) >
            0
        ) {
          return shared;
        }
        continue;
      }
      if (segmentsMeet(e.start, e.end, f.start, f.end)) {
        return intersection(e.start, e.end, f.start, f.end);
      }
    }
  }
  return undefined;
}

/** Even-odd ray test; holes count because their crossings flip the answer back. */
export function pointInPolygon(polygon: Polygon, p: Vec): boolean {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) {
        inside = !inside;
      }
    }
  }
  return inside;
}

export function distanceToBoundary(polygon: Polygon, p: Vec): number {
  let best = Infinity;
  for (const ring of polygon) {
    for (let i = 0; i < ring.length; i++) {
      const d = pointSegmentDistance(p, ring[i]!, ring[(i + 1) % ring.length]!);
      if (d < best) best = d;
    }
  }
  return best;
}

export type Placement = 'inside' | 'boundary' | 'outside';

/** Where a point is relative to a polygon, counting `tolerance` metres of its boundary as on it. */
export function locatePoint(polygon: Polygon, p: Vec, tolerance: number): Placement {
  if (distanceToBoundary(polygon, p) <= tolerance) return 'boundary';
  return pointInPolygon(polygon, p) ? 'inside' : 'outside';
}

/** Inside or on the boundary of any of the polygons. */
export function pointInShape(shape: readonly Polygon[], p: Vec, tolerance: number): boolean {
  return shape.some((polygon) => locatePoint(polygon, p, tolerance) !== 'outside');
}

/**
 * A point of `inner` that lies outside `outer` (beyond `tolerance`), or undefined when `inner`
 * lies within it. Tests every vertex and edge midpoint, and every edge against every boundary
 * edge of `outer` for a crossing, so a concave outer shape cannot be cut across unnoticed.
 */
export function pointOutside(
  inner: Polygon,
  outer: readonly Polygon[],
  tolerance: number,
): Vec | undefined {
  const exterior = inner[0] ?? [];
  for (let i = 0; i < exterior.length; i++) {
    const a = exterior[i]!;
    const b = exterior[(i + 1) % exterior.length]!;
    const middle: Vec = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    if (!pointInShape(outer, a, tolerance)) return a;
    if (!pointInShape(outer, middle, tolerance)) return middle;
    for (const polygon of outer) {
      for (const ring of polygon) {
        for (let j = 0; j < ring.length; j++) {
          const c = ring[j]!;
          const d = ring[(j + 1) % ring.length]!;
          if (segmentsCross(a, b, c, d, tolerance)) return intersection(a, b, c, d);
        }
      }
    }
  }
  return undefined;
}

/**
 * Length of boundary two polygons share: parts of their edges lying on one line (within
 * `tolerance`) and overlapping. Where two walkable units share it, the shared part is open
 * floor (contract section 2.5).
 */
export function sharedBoundaryLength(a: Polygon, b: Polygon, tolerance: number): number {
  let total = 0;
  for (const ringA of a) {
    for (let i = 0; i < ringA.length; i++) {
      const p = ringA[i]!;
      const q = ringA[(i + 1) % ringA.length]!;
      const length = distance(p, q);
      if (length === 0) continue;
      const box = growBox(segmentBox(p, q), tolerance);
      const ux = (q[0] - p[0]) / length;
      const uy = (q[1] - p[1]) / length;
      for (const ringB of b) {
        for (let j = 0; j < ringB.length; j++) {
          const r = ringB[j]!;
          const s = ringB[(j + 1) % ringB.length]!;
          if (!boxesTouch(box, segmentBox(r, s))) continue;
          if (Math.abs(sideDistance(p, q, r)) > tolerance) continue;
          if (Math.abs(sideDistance(p, q, s)) > tolerance) continue;
          const tr = (r[0] - p[0]) * ux + (r[1] - p[1]) * uy;
          const ts = (s[0] - p[0]) * ux + (s[1] - p[1]) * uy;
          const overlap = Math.min(length, Math.max(tr, ts)) - Math.max(0, Math.min(tr, ts));
          if (overlap > 0) total += overlap;
        }
      }
    }
  }
  return total;
}

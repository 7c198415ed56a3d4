// Plane geometry in a venue's local metric frame: the projection of docs/venue-contract.md section
// 2.3 (and its inverse), bounding boxes, distances to segments and point location in polygons
// with holes, as the build needs them to write the viewer's files (the venue check measures the
// rest in Rust). Rings here are open: the closing repeat of GeoJSON is dropped when a ring is
// projected.

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

// Segments and points ----------------------------------------------------------------------------

function distance(a: Vec, b: Vec): number {
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

// The area two polygons (with holes) have in common, for the rule that units of a level do not
// overlap (docs/venue-contract.md section 5). Each simple ring is cut into triangles by ear
// clipping; two rings overlap by the sum of their triangles' pairwise intersections, each a convex
// clip; holes are taken out by inclusion-exclusion. Exact for any simple polygons, and cheap at the
// sizes of indoor units (tens of vertices).
import {
  type Box,
  type Polygon,
  type Ring,
  type Vec,
  cross,
  ringBox,
  signedArea,
} from './geometry';

type Triangle = readonly [Vec, Vec, Vec];

interface Triangulated {
  triangles: Triangle[];
  boxes: Box[];
  box: Box;
}

function pointInTriangle(p: Vec, [a, b, c]: Triangle): boolean {
  return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

/** Ear clipping of a simple ring (either orientation) into counter-clockwise triangles. */
export function triangulate(ring: Ring): Triangle[] {
  const points = signedArea(ring) >= 0 ? [...ring] : [...ring].reverse();
  const triangles: Triangle[] = [];
  // Collinear corners make zero-area "ears"; dropping them loses no area.
  const scale = Math.max(1, ...points.map(([x, y]) => Math.max(Math.abs(x), Math.abs(y))));
  const flat = 1e-12 * scale * scale;
  let guard = points.length * points.length + 10;
  while (points.length > 3 && guard-- > 0) {
    let clipped = false;
    for (let i = 0; i < points.length; i++) {
      const a = points[(i + points.length - 1) % points.length]!;
      const b = points[i]!;
      const c = points[(i + 1) % points.length]!;
      const turn = cross(a, b, c);
      if (Math.abs(turn) <= flat) {
        points.splice(i, 1);
        clipped = true;
        break;
      }
      if (turn < 0) continue;
      const ear: Triangle = [a, b, c];
      const blocked = points.some(
        (p) =>
          p !== a && p !== b && p !== c && !samePosition(p, a, b, c) && pointInTriangle(p, ear),
      );
      if (blocked) continue;
      triangles.push(ear);
      points.splice(i, 1);
      clipped = true;
      break;
    }
    // Only a ring that is not simple has no ear; validation reports it, so give up quietly.
    if (!clipped) break;
  }
  if (points.length === 3 && cross(points[0]!, points[1]!, points[2]!) > flat) {
    triangles.push([points[0]!, points[1]!, points[2]!]);
  }
  return triangles;
}

function samePosition(p: Vec, ...others: Vec[]): boolean {
  return others.some((q) => q[0] === p[0] && q[1] === p[1]);
}

function triangulated(ring: Ring, cache: WeakMap<Ring, Triangulated>): Triangulated {
  let entry = cache.get(ring);
  if (!entry) {
    const triangles = triangulate(ring);
    entry = { triangles, boxes: triangles.map((t) => ringBox(t)), box: ringBox(ring) };
    cache.set(ring, entry);
  }
  return entry;
}

/** Sutherland-Hodgman: the part of convex `subject` inside the counter-clockwise triangle. */
function clipArea(subject: readonly Vec[], [a, b, c]: Triangle): number {
  let polygon: Vec[] = [...subject];
  for (const [p, q] of [
    [a, b],
    [b, c],
    [c, a],
  ] as const) {
    if (polygon.length === 0) return 0;
    const next: Vec[] = [];
    for (let i = 0; i < polygon.length; i++) {
      const current = polygon[i]!;
      const previous = polygon[(i + polygon.length - 1) % polygon.length]!;
      const currentIn = cross(p, q, current) >= 0;
      const previousIn = cross(p, q, previous) >= 0;
      if (currentIn !== previousIn) next.push(lineIntersection(previous, current, p, q));
      if (currentIn) next.push(current);
    }
    polygon = next;
  }
  return polygon.length < 3 ? 0 : Math.max(0, signedArea(polygon));
}

function lineIntersection(a: Vec, b: Vec, p: Vec, q: Vec): Vec {
  const da = cross(p, q, a);
  const db = cross(p, q, b);
  const t = da / (da - db);
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Area common to two simple rings. */
function ringOverlapArea(a: Ring, b: Ring, cache: WeakMap<Ring, Triangulated>): number {
  const ta = triangulated(a, cache);
  const tb = triangulated(b, cache);
  if (!overlaps(ta.box, tb.box)) return 0;
  let area = 0;
  ta.triangles.forEach((triangleA, i) => {
    tb.triangles.forEach((triangleB, j) => {
      if (overlaps(ta.boxes[i]!, tb.boxes[j]!)) area += clipArea(triangleA, triangleB);
    });
  });
  return area;
}

const sharedCache = new WeakMap<Ring, Triangulated>();

/**
 * Area common to two polygons with holes. With A = EA - HA and B = EB - HB (holes inside their
 * exterior, not overlapping each other): |A∩B| = |EA∩EB| - |HA∩EB| - |EA∩HB| + |HA∩HB|.
 */
export function polygonOverlapArea(a: Polygon, b: Polygon): number {
  const [exteriorA, ...holesA] = a;
  const [exteriorB, ...holesB] = b;
  if (!exteriorA || !exteriorB) return 0;
  const area = (x: Ring, y: Ring) => ringOverlapArea(x, y, sharedCache);
  let total = area(exteriorA, exteriorB);
  if (total === 0) return 0;
  for (const hole of holesA) total -= area(hole, exteriorB);
  for (const hole of holesB) total -= area(exteriorA, hole);
  for (const holeA of holesA) for (const holeB of holesB) total += area(holeA, holeB);
  return Math.max(0, total);
}

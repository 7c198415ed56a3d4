// The plane geometry the venue checks stand on: the projection of docs/venue-contract.md section
// 2.3, ring orientation and self-intersection, point location with holes, containment, shared walls
// and the overlap area of polygons.
import { describe, expect, it } from 'vitest';
import {
  type Polygon,
  type Ring,
  type Vec,
  distanceToBoundary,
  isCounterClockwise,
  locatePoint,
  pointInPolygon,
  pointOutside,
  pointSegmentDistance,
  polygonArea,
  projection,
  selfIntersection,
  sharedBoundaryLength,
  signedArea,
} from './geometry';
import { polygonOverlapArea, triangulate } from './polygon-overlap';
import { BoxGrid } from './box-grid';

/** A ring through its corners, written on one line. */
const ring = (...corners: Vec[]): Ring => corners;
const square = (x: number, y: number, size: number): Ring =>
  ring([x, y], [x + size, y], [x + size, y + size], [x, y + size]);
const clockwise = (corners: Ring): Ring => [...corners].reverse();
/** A concave ring, 4 by 4 with a 3 by 3 bite out of its north-east. */
const ell = ring([0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]);

describe('the projection of contract section 2.3', () => {
  const frame = projection([121.4, 31.17]);

  it('puts the origin at 0, 0 and east and north along x and y', () => {
    expect(frame.toLocal([121.4, 31.17])).toEqual([0, 0]);
    const [x, y] = frame.toLocal([121.401, 31.171]);
    expect(x).toBeCloseTo(
      ((0.001 * Math.PI) / 180) * 6378137 * Math.cos((31.17 * Math.PI) / 180),
      6,
    );
    expect(y).toBeCloseTo(((0.001 * Math.PI) / 180) * 6378137, 6);
  });

  it('round-trips points 500 m from the origin within a millimetre', () => {
    for (const [x, y] of [
      [500, 0],
      [0, -500],
      [-353.5, 353.5],
      [499.9, -12.3],
    ] as Vec[]) {
      const [lon, lat] = frame.toLonLat([x, y]);
      const back = frame.toLocal([lon, lat]);
      expect(Math.hypot(back[0] - x, back[1] - y)).toBeLessThan(0.001);
    }
  });

  it('keeps 7-decimal coordinates within about a centimetre', () => {
    const [lon, lat] = frame.toLonLat([123.456, -78.9]);
    const rounded = frame.toLocal([+lon.toFixed(7), +lat.toFixed(7)]);
    expect(Math.hypot(rounded[0] - 123.456, rounded[1] + 78.9)).toBeLessThan(0.012);
  });
});

describe('ring orientation', () => {
  it('is counter-clockwise for an exterior drawn east, north, west, south', () => {
    expect(isCounterClockwise(square(0, 0, 2))).toBe(true);
    expect(signedArea(square(0, 0, 2))).toBe(4);
  });

  it('is clockwise for the same ring reversed', () => {
    expect(isCounterClockwise(clockwise(square(0, 0, 2)))).toBe(false);
  });

  it('gives a polygon its area less its holes', () => {
    expect(polygonArea([square(0, 0, 10), clockwise(square(2, 2, 2))])).toBe(96);
  });
});

describe('self-intersection', () => {
  it('finds none in a simple concave ring', () => {
    expect(selfIntersection(ell)).toBeUndefined();
  });

  it('finds where a bow tie crosses itself', () => {
    const bowTie = ring([0, 0], [2, 2], [2, 0], [0, 2]);
    expect(selfIntersection(bowTie)).toEqual([1, 1]);
  });

  it('finds a ring touching itself at a corner', () => {
    const figureEight = ring([0, 0], [2, 0], [2, 2], [4, 2], [4, 4], [2, 4], [2, 2], [0, 2]);
    expect(selfIntersection(figureEight)).toEqual([2, 2]);
  });

  it('finds an edge folding back along the one before it', () => {
    const spike = ring([0, 0], [4, 0], [4, 2], [6, 2], [3, 2], [0, 2]);
    expect(selfIntersection(spike)).toBeDefined();
  });
});

describe('points and polygons with holes', () => {
  const courtyard: Polygon = [square(0, 0, 10), clockwise(square(4, 4, 2))];

  it('places a point in the solid part inside', () => {
    expect(pointInPolygon(courtyard, [1, 1])).toBe(true);
    expect(locatePoint(courtyard, [1, 1], 0.05)).toBe('inside');
  });

  it('places a point in the hole outside', () => {
    expect(pointInPolygon(courtyard, [5, 5])).toBe(false);
    expect(locatePoint(courtyard, [5, 5], 0.05)).toBe('outside');
  });

  it('counts a point within the tolerance of the hole edge as on the boundary', () => {
    expect(locatePoint(courtyard, [4.03, 5], 0.05)).toBe('boundary');
    expect(distanceToBoundary(courtyard, [4.03, 5])).toBeCloseTo(0.03, 9);
  });

  it('measures the distance from a point to a segment, its ends included', () => {
    expect(pointSegmentDistance([1, 1], [0, 0], [2, 0])).toBe(1);
    expect(pointSegmentDistance([3, 0], [0, 0], [2, 0])).toBe(1);
    expect(pointSegmentDistance([0, 0], [0, 0], [0, 0])).toBe(0);
  });
});

describe('containment', () => {
  const outline: Polygon = [ring([0, 0], [10, 0], [10, 2], [2, 2], [2, 10], [0, 10])];

  it('accepts a room inside, touching the wall', () => {
    expect(pointOutside([square(0, 0, 2)], [outline], 0.05)).toBeUndefined();
  });

  it('finds an edge cutting across the notch of a concave outline', () => {
    const acrossTheNotch: Polygon = [ring([1, 9], [1, 8], [9, 1], [9.5, 1])];
    expect(pointOutside(acrossTheNotch, [outline], 0.05)).toBeDefined();
  });
});

describe('overlap area', () => {
  it('is the common area of two overlapping squares', () => {
    expect(polygonOverlapArea([square(0, 0, 4)], [square(2, 2, 4)])).toBeCloseTo(4, 9);
  });

  it('is zero for units sharing a wall', () => {
    expect(polygonOverlapArea([square(0, 0, 4)], [square(4, 0, 4)])).toBe(0);
  });

  it('leaves out the holes', () => {
    const band: Polygon = [square(0, 0, 10), clockwise(square(2, 2, 6))];
    expect(polygonOverlapArea(band, [square(3, 3, 4)])).toBeCloseTo(0, 9);
    expect(polygonOverlapArea(band, [square(1, 1, 2)])).toBeCloseTo(3, 9);
  });

  it('handles concave shapes by their triangles', () => {
    expect(triangulate(ell).length).toBe(4);
    expect(polygonOverlapArea([ell], [square(2, 2, 2)])).toBe(0);
    expect(polygonOverlapArea([ell], [square(0, 0, 2)])).toBeCloseTo(3, 9);
  });
});

describe('shared walls', () => {
  it('measures the length two rooms share', () => {
    expect(sharedBoundaryLength([square(0, 0, 4)], [square(4, 1, 4)], 0.05)).toBeCloseTo(3, 9);
  });

  it('is zero for rooms meeting only at a corner', () => {
    expect(sharedBoundaryLength([square(0, 0, 4)], [square(4, 4, 4)], 0.05)).toBe(0);
  });
});

describe('the bounding-box grid', () => {
  it('returns each item touching a box once, and no other', () => {
    const grid = new BoxGrid<string>([0, 0, 100, 100], 10);
    grid.insert([0, 0, 35, 5], 'long');
    grid.insert([50, 50, 52, 52], 'far');
    grid.insert([30, 0, 40, 10], 'near');
    expect(grid.query([25, 0, 31, 3]).sort()).toEqual(['long', 'near']);
    expect(grid.query([60, 60, 70, 70])).toEqual([]);
  });
});

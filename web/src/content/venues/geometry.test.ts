// The plane geometry the build writes the viewer's files with: the projection of
// docs/venue-contract.md section 2.3, and point location in polygons with holes.
import { describe, expect, it } from 'vitest';
import {
  type Polygon,
  type Ring,
  type Vec,
  distanceToBoundary,
  locatePoint,
  pointInPolygon,
  pointSegmentDistance,
  projection,
} from './geometry';

/** A ring through its corners, written on one line. */
const ring = (...corners: Vec[]): Ring => corners;
const square = (x: number, y: number, size: number): Ring =>
  ring([x, y], [x + size, y], [x + size, y + size], [x, y + size]);
const clockwise = (corners: Ring): Ring => [...corners].reverse();

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

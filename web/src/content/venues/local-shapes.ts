// Every located feature of a venue in the local metric frame (docs/venue-contract.md section 2.3,
// origin the venue's display point), after the checks that need metres: rings with area, exterior
// rings counter-clockwise and holes clockwise, no ring crossing itself. Features that fail keep no
// shape, so the placement checks after this never measure a broken polygon.
import type { ImdfFeature } from './types';
import {
  type Polygon,
  type Projection,
  type Vec,
  isCounterClockwise,
  projectRing,
  selfIntersection,
  signedArea,
} from './geometry';
import { type VenueModel, describe } from './venue-model';

export interface LocalShapes {
  frame: Projection;
  /** Polygonal features (venue, footprint, level, unit, fixture, kiosk, section). */
  polygons: Map<string, Polygon[]>;
  /** Openings: their two ends. */
  lines: Map<string, readonly [Vec, Vec]>;
  /** Amenities and anchors. */
  points: Map<string, Vec>;
  /** Every feature's display_point, where it has one. */
  displayPoints: Map<string, Vec>;
}

function lonLat(frame: Projection, point: Vec): string {
  const [lon, lat] = frame.toLonLat(point);
  return `[${lon.toFixed(7)}, ${lat.toFixed(7)}]`;
}

function checkPolygon(
  model: VenueModel,
  feature: ImdfFeature,
  rings: readonly (readonly (readonly number[])[])[],
  field: string,
  frame: Projection,
): Polygon | undefined {
  const polygon = rings.map((ring) => projectRing(ring, frame));
  let valid = true;
  polygon.forEach((ring, index) => {
    const at = `${field}[${index}]`;
    if (ring.length < 3 || Math.abs(signedArea(ring)) < 1e-4) {
      model.report(feature, at, 'has no area; a ring needs three corners not on one line');
      valid = false;
      return;
    }
    const exterior = index === 0;
    if (isCounterClockwise(ring) !== exterior) {
      model.report(
        feature,
        at,
        `runs ${exterior ? 'clockwise' : 'counter-clockwise'}; ${exterior ? 'an exterior ring runs counter-clockwise' : 'a hole runs clockwise'} (RFC 7946), so list its positions in the reverse order`,
      );
      valid = false;
    }
    const crossing = selfIntersection(ring);
    if (crossing) {
      model.report(
        feature,
        at,
        `crosses or touches itself near ${lonLat(frame, crossing)}; a ring's edges may meet only at their shared corners`,
      );
      valid = false;
    }
  });
  return valid ? polygon : undefined;
}

/** Projects every located feature and checks the rings; `origin` is the venue's display point. */
export function localShapes(model: VenueModel, frame: Projection): LocalShapes {
  const shapes: LocalShapes = {
    frame,
    polygons: new Map(),
    lines: new Map(),
    points: new Map(),
    displayPoints: new Map(),
  };
  for (const feature of model.byId.values()) {
    const display = (feature.properties as { display_point?: { coordinates: number[] } | null })
      .display_point;
    if (display) shapes.displayPoints.set(feature.id, frame.toLocal(display.coordinates));
    const geometry = feature.featureType === 'relationship' ? null : feature.geometry;
    if (!geometry) continue;
    switch (geometry.type) {
      case 'Point':
        shapes.points.set(feature.id, frame.toLocal(geometry.coordinates));
        break;
      case 'LineString': {
        const [a, b] = geometry.coordinates.map((position) => frame.toLocal(position));
        if (a && b && (a[0] !== b[0] || a[1] !== b[1])) shapes.lines.set(feature.id, [a, b]);
        else {
          model.report(
            feature,
            'geometry.coordinates',
            `has no width; a ${describe(feature)} needs two different ends`,
          );
        }
        break;
      }
      case 'Polygon': {
        const polygon = checkPolygon(
          model,
          feature,
          geometry.coordinates,
          'geometry.coordinates',
          frame,
        );
        if (polygon) shapes.polygons.set(feature.id, [polygon]);
        break;
      }
      case 'MultiPolygon': {
        const polygons = geometry.coordinates.map((rings, index) =>
          checkPolygon(model, feature, rings, `geometry.coordinates[${index}]`, frame),
        );
        if (polygons.every((polygon) => polygon)) {
          shapes.polygons.set(feature.id, polygons as Polygon[]);
        }
        break;
      }
    }
  }
  return shapes;
}

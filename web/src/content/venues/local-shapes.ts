// Every located feature of a venue in the local metric frame (docs/venue-contract.md section 2.3,
// origin the venue's display point), as the viewer's files are written in it. The venue check has
// found every ring with area, wound as RFC 7946 asks and not crossing itself, and every opening
// with two different ends, so this only projects.
import { type Polygon, type Projection, type Vec, projectRing } from './geometry';
import type { VenueFiles } from './venue-files';

export interface LocalShapes {
  frame: Projection;
  /** Polygonal features (venue, footprint, level, unit, fixture, kiosk, section, geofence). */
  polygons: Map<string, Polygon[]>;
  /** Openings: their two ends. */
  lines: Map<string, readonly [Vec, Vec]>;
  /** Amenities and anchors. */
  points: Map<string, Vec>;
  /** Every feature's display_point, where it has one. */
  displayPoints: Map<string, Vec>;
}

/** Projects every located feature; `frame` has its origin at the venue's display point. */
export function localShapes(venue: VenueFiles, frame: Projection): LocalShapes {
  const shapes: LocalShapes = {
    frame,
    polygons: new Map(),
    lines: new Map(),
    points: new Map(),
    displayPoints: new Map(),
  };
  const polygon = (rings: readonly (readonly (readonly number[])[])[]): Polygon =>
    rings.map((ring) => projectRing(ring, frame));
  for (const feature of venue.byId.values()) {
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
        if (a && b) shapes.lines.set(feature.id, [a, b]);
        break;
      }
      case 'Polygon':
        shapes.polygons.set(feature.id, [polygon(geometry.coordinates)]);
        break;
      case 'MultiPolygon':
        shapes.polygons.set(feature.id, geometry.coordinates.map(polygon));
        break;
    }
  }
  return shapes;
}

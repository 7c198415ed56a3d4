// Where the viewer's files place features relative to each other (docs/venue-contract.md sections
// 2.6 and 3.2): which openings lie on their level's outline (doors to the outside, the entrances
// the viewer lists) and which unit each amenity stands in. The venue check has found every
// opening on a wall and every amenity inside one of its units; this only finds which.
import { onBoundary } from './contract';
import { type Vec, distanceToBoundary, pointInShape } from './geometry';
import type { LocalShapes } from './local-shapes';
import { type VenueFiles, featureOf } from './venue-files';

export interface Placement {
  /** Openings lying on their level's outline: doors to the outside. */
  outside: Set<string>;
  /** The unit each amenity stands in (the first of its unit_ids that holds it). */
  amenityUnit: Map<string, string>;
}

/** Where an opening is tested against a boundary (contract 2.6): both ends and its middle. */
function probes([a, b]: readonly [Vec, Vec]): Vec[] {
  return [a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], b];
}

export function placement(venue: VenueFiles, shapes: LocalShapes): Placement {
  const found: Placement = { outside: new Set(), amenityUnit: new Map() };
  for (const opening of venue.features.opening) {
    const line = shapes.lines.get(opening.id);
    const outline = shapes.polygons.get(opening.properties.level_id);
    if (!line || !outline) continue;
    const onOutline = probes(line).every((p) =>
      outline.some((polygon) => distanceToBoundary(polygon, p) <= onBoundary),
    );
    if (onOutline) found.outside.add(opening.id);
  }
  for (const amenity of venue.features.amenity) {
    const point = shapes.points.get(amenity.id);
    if (!point) continue;
    const holder = amenity.properties.unit_ids.find((id) => {
      const shape = featureOf(venue, 'unit', id) && shapes.polygons.get(id);
      return shape && pointInShape(shape, point, onBoundary);
    });
    if (holder) found.amenityUnit.set(amenity.id, holder);
  }
  return found;
}

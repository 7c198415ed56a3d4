// Locations as the API reads them in `from`, `to` and `near` (docs/venue-contract.md section 4.2):
// a feature id (occupant, amenity, unit, kiosk or opening), a parking space number ("B1-023", any
// case), or a point "<lon>,<lat>@<level>" with the level's short name or id. venue.toml's samples
// are locations, so the build resolves them as the server will.
import { pointInShape } from './geometry';
import type { LocalShapes } from './local-shapes';
import { type VenueModel, zh } from './venue-model';

const locatableTypes = new Set(['occupant', 'amenity', 'unit', 'kiosk', 'opening']);
const pointPattern = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)@(.+)$/;
const spacePattern = /^[A-Za-z0-9]+-\d{3}$/;

/** Why `location` does not resolve in this venue, or undefined when it does. */
export function locationProblem(
  model: VenueModel,
  shapes: LocalShapes | undefined,
  location: string,
): string | undefined {
  const feature = model.byId.get(location);
  if (feature) {
    return locatableTypes.has(feature.featureType)
      ? undefined
      : `"${location}" is a ${feature.featureType}; a location is an occupant, amenity, unit, kiosk or opening`;
  }
  if (spacePattern.test(location)) {
    const wanted = location.toUpperCase();
    const found = model.features.unit.some(
      (unit) =>
        unit.properties.category === 'parking' &&
        zh(unit.properties.name)?.toUpperCase() === wanted,
    );
    return found ? undefined : `no parking space of this venue is numbered ${location}`;
  }
  const point = pointPattern.exec(location);
  if (point) {
    const [, lon, lat, levelKey] = point;
    const level = model.features.level.find(
      (l) => l.id === levelKey || zh(l.properties.short_name) === levelKey,
    );
    if (!level) return `"${levelKey}" is not a level of this venue (short name or id)`;
    const outline = shapes?.polygons.get(level.id);
    if (outline && !pointInShape(outline, shapes!.frame.toLocal([+lon!, +lat!]), 0)) {
      return `${lon},${lat} lies outside level ${levelKey}`;
    }
    return undefined;
  }
  return `"${location}" is not a location: use a feature id, a parking space number such as "B1-023", or "<lon>,<lat>@<level>"`;
}

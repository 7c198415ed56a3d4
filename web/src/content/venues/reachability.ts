// Every destination is reachable from an entrance (docs/venue-contract.md section 5): units with
// occupants, named units, amenities, kiosks and parking spaces. The walk network is built from what
// the placement and relationship checks found; topology.ts walks it.
import { entranceCategories } from './contract';
import type { Placement } from './placement';
import type { Ride } from './relationships';
import { type UnitRole, reachableUnits, unitRole } from './topology';
import { type VenueModel, describe, featureOf, levelName, zh } from './venue-model';

export function checkReachability(model: VenueModel, placement: Placement, rides: Ride[]) {
  const units = new Map<string, UnitRole>(
    model.features.unit.map((unit) => [unit.id, unitRole(unit.properties.category)]),
  );
  const entrances = model.features.opening
    .filter(
      (opening) =>
        placement.outside.has(opening.id) && entranceCategories.has(opening.properties.category),
    )
    .flatMap((opening) => placement.joins.get(opening.id) ?? []);
  const venue = model.features.venue[0];
  if (entrances.length === 0) {
    if (venue) {
      model.report(
        venue,
        '',
        'has no entrance: no pedestrian opening lies on a level outline and a unit boundary, so no destination can be reached (contract 2.6)',
      );
    }
    return;
  }
  const reached = reachableUnits({
    units,
    doors: placement.joins.values(),
    openEdges: placement.openEdges,
    rides,
    entrances,
  });
  const unreachable = new Set<string>();
  // An occupied unit is named after its occupant in messages, as the viewer names it.
  const occupants = new Map(
    model.features.occupant.flatMap((occupant) => {
      const anchor = featureOf(model, 'anchor', occupant.properties.anchor_id);
      return anchor ? [[anchor.properties.unit_id, zh(occupant.properties.name)] as const] : [];
    }),
  );
  for (const unit of model.features.unit) {
    const role = units.get(unit.id);
    const isDestination =
      occupants.has(unit.id) ||
      zh(unit.properties.name) !== undefined ||
      unit.properties.category === 'parking';
    if (role === 'closed' || !isDestination || reached.has(unit.id)) continue;
    unreachable.add(unit.id);
    model.report(
      unit,
      '',
      `${occupants.get(unit.id) ? `unit ${occupants.get(unit.id)}` : describe(unit)} on ${levelName(model, unit.properties.level_id)} cannot be reached from any entrance through doors, open walkway edges, lifts, escalators or stairs; give it an opening onto a walkable unit (walkway, lobby, road) that is itself reachable`,
    );
  }
  for (const amenity of model.features.amenity) {
    const unit = placement.amenityUnit.get(amenity.id);
    if (!unit || reached.has(unit) || unreachable.has(unit)) continue;
    model.report(
      amenity,
      '',
      `stands in unit ${unit}, which no visitor can reach from an entrance; move it, or connect that unit`,
    );
  }
  for (const kiosk of model.features.kiosk) {
    const unit = placement.kioskUnit.get(kiosk.id);
    if (!unit || reached.has(unit)) continue;
    model.report(
      kiosk,
      '',
      `stands in unit ${unit}, which no visitor can reach from an entrance; move it, or connect that unit`,
    );
  }
}

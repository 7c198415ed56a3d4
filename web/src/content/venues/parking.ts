// Parking as find-my-car uses it (docs/venue-contract.md section 2.8): each space a `parking` unit
// named "<level>-<three digits>", unique in the venue, with one automobile opening onto a road (the
// aisle), its centre in exactly one named guidance zone (a `parking` section) of its level.
import { onBoundary } from './contract';
import { centroid, pointInShape } from './geometry';
import type { LocalShapes } from './local-shapes';
import type { Placement } from './placement';
import { type VenueModel, featureOf, levelName, zh } from './venue-model';

const isZone = (category: string) => category === 'parking' || category.startsWith('parking.');

export function checkParking(model: VenueModel, shapes: LocalShapes, placement: Placement) {
  const zones = model.features.section.filter((section) => isZone(section.properties.category));
  for (const zone of zones) {
    if (!zh(zone.properties.name)) {
      model.report(
        zone,
        'properties.name',
        'is null; a parking guidance zone is named, e.g. {"zh-Hans": "A区"} (contract 2.8)',
      );
    }
  }
  const automobileDoors = new Map<string, string[]>();
  for (const opening of model.features.opening) {
    if (opening.properties.category !== 'automobile') continue;
    for (const unit of placement.joins.get(opening.id) ?? []) {
      const list = automobileDoors.get(unit) ?? [];
      list.push(opening.id);
      automobileDoors.set(unit, list);
    }
  }
  const numbers = new Map<string, string>();
  for (const space of model.features.unit) {
    if (space.properties.category !== 'parking') continue;
    const level = featureOf(model, 'level', space.properties.level_id);
    if (!level) continue;
    const short = zh(level.properties.short_name) ?? '';
    const number = zh(space.properties.name);
    const pattern = new RegExp(`^${short.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{3}$`);
    if (!number || !pattern.test(number)) {
      model.report(
        space,
        'properties.name',
        `is ${number ? `"${number}"` : 'null'}; a parking space is named by its level and three digits, e.g. {"zh-Hans": "${short}-001"} (contract 2.8)`,
      );
    } else {
      const other = numbers.get(number.toUpperCase());
      if (other) {
        model.report(
          space,
          'properties.name',
          `"${number}" is also the number of space ${other}; space numbers are unique in the venue`,
        );
      } else {
        numbers.set(number.toUpperCase(), space.id);
      }
    }
    const doors = automobileDoors.get(space.id) ?? [];
    const onRoad = doors.filter((door) =>
      (placement.joins.get(door) ?? []).some(
        (unit) => featureOf(model, 'unit', unit)?.properties.category === 'road',
      ),
    );
    if (shapes.polygons.has(space.id) && (doors.length !== 1 || onRoad.length !== 1)) {
      model.report(
        space,
        'geometry',
        `has ${doors.length} automobile openings${doors.length > 0 ? `, ${onRoad.length} of them onto a road unit` : ''}; a parking space has one automobile opening on its aisle side, shared with a road unit (contract 2.8)`,
      );
    }
    const shape = shapes.polygons.get(space.id);
    if (!shape) continue;
    const centre = centroid(shape[0]!);
    const holding = zones.filter((zone) => {
      const zoneShape = shapes.polygons.get(zone.id);
      return (
        zone.properties.level_id === level.id &&
        zoneShape &&
        pointInShape(zoneShape, centre, onBoundary)
      );
    });
    if (holding.length !== 1) {
      model.report(
        space,
        'geometry',
        holding.length === 0
          ? `its centre lies in no parking zone of ${levelName(model, level.id)}; every space lies in one guidance zone, a section of category parking (contract 2.8)`
          : `its centre lies in ${holding.length} parking zones (${holding.map((zone) => zh(zone.properties.name) ?? zone.id).join(', ')}); every space lies in exactly one`,
      );
    }
  }
}

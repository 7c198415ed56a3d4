// Relationships as the route engine rides them (docs/venue-contract.md section 2.7): elevators and
// stairs undirected, from the lowest level up through the levels in between; escalators directed
// between adjacent levels; ramps between ramp units of adjacent levels. Each joins units of the
// category it needs on distinct, existing levels, and every lift, escalator and stair unit is
// in a relationship (otherwise it leads nowhere).
import { rideRules } from './contract';
import { unitRole } from './topology';
import type { ImdfFeature } from './types';
import { type VenueModel, describe, featureOf, levelName } from './venue-model';

export interface Ride {
  relationship: string;
  category: string;
  /** Units in riding order: origin, intermediaries, destination. */
  units: string[];
  directed: boolean;
}

/** Checks relationships; returns the rides of the sound ones (skipping those in `broken`). */
export function checkRelationships(model: VenueModel, broken: ReadonlySet<string>): Ride[] {
  const ordinals = [...new Set(model.features.level.map((l) => l.properties.ordinal))].sort(
    (a, b) => a - b,
  );
  const step = (from: number, to: number) => ordinals.indexOf(to) - ordinals.indexOf(from);
  const rides: Ride[] = [];
  const ridden = new Set<string>();
  for (const relationship of model.features.relationship) {
    if (broken.has(relationship.id)) continue;
    const { category, direction, origin, intermediary, destination } = relationship.properties;
    const rule = rideRules[category];
    const ends = [
      { field: 'properties.origin', reference: origin },
      ...(intermediary ?? []).map((reference, index) => ({
        field: `properties.intermediary[${index}]`,
        reference,
      })),
      { field: 'properties.destination', reference: destination },
    ];
    if (!rule) {
      // Other IMDF relationships (traversal, movingwalkway) are kept but not ridden.
      continue;
    }
    const problems: [string, string][] = [];
    if (!origin)
      problems.push([
        'properties.origin',
        `is null; this ${category} relationship starts at a unit (contract 2.7)`,
      ]);
    if (!destination)
      problems.push([
        'properties.destination',
        `is null; this ${category} relationship ends at a unit (contract 2.7)`,
      ]);
    if (direction !== rule.direction) {
      problems.push([
        'properties.direction',
        `is "${direction}"; ${category} relationships are "${rule.direction}" (contract 2.7)`,
      ]);
    }
    if (rule.adjacent_levels && intermediary && intermediary.length > 0) {
      problems.push([
        'properties.intermediary',
        `must be null; ${category} relationships join two adjacent levels directly`,
      ]);
    }
    const units: ImdfFeature<'unit'>[] = [];
    for (const { field, reference } of ends) {
      if (!reference) continue;
      const unit =
        reference.feature_type === 'unit' ? featureOf(model, 'unit', reference.id) : undefined;
      if (!unit) {
        problems.push([
          field,
          `names a ${reference.feature_type}; ${category} relationships join units (contract 2.7)`,
        ]);
      } else if (unit.properties.category !== category) {
        problems.push([
          field,
          `names ${describe(unit)} (${unit.id}), a ${unit.properties.category} unit; ${category} relationships join ${category} units`,
        ]);
      } else {
        units.push(unit);
      }
    }
    const levels = units.map((unit) => featureOf(model, 'level', unit.properties.level_id));
    if (problems.length === 0 && levels.every((level) => level)) {
      const ids = levels.map((level) => level!.id);
      const ordinalsHere = levels.map((level) => level!.properties.ordinal);
      const names = ids.map((id) => levelName(model, id)).join(', ');
      if (new Set(ids).size !== ids.length) {
        problems.push([
          'properties',
          `joins more than one unit on one level (${names}); a relationship joins units on distinct levels`,
        ]);
      } else if (
        rule.direction === 'undirected' &&
        ordinalsHere.some((o, i) => i > 0 && o <= ordinalsHere[i - 1]!)
      ) {
        problems.push([
          'properties',
          `runs ${names}; origin is the unit on the lowest level, intermediaries the levels in between in ascending ordinal, destination the top level (contract 2.7)`,
        ]);
      } else if (rule.adjacent_levels && Math.abs(step(ordinalsHere[0]!, ordinalsHere[1]!)) !== 1) {
        problems.push([
          'properties',
          `joins ${names}, which are not adjacent levels; ${category} relationships join two adjacent levels`,
        ]);
      }
    }
    for (const [field, message] of problems) model.report(relationship, field, message);
    if (problems.length === 0) {
      rides.push({
        relationship: relationship.id,
        category,
        units: units.map((u) => u.id),
        directed: rule.direction === 'directed',
      });
      for (const unit of units) ridden.add(unit.id);
    }
  }
  for (const unit of model.features.unit) {
    if (unitRole(unit.properties.category) === 'connector' && !ridden.has(unit.id)) {
      model.report(
        unit,
        '',
        `${describe(unit)} on ${levelName(model, unit.properties.level_id)} is in no sound ${unit.properties.category} relationship (relationship.geojson), so it leads to no other level; add one or fix the one naming it`,
      );
    }
  }
  return rides;
}

// The build holds to docs/venue-contract.json, read here on its own (not through the imports the
// checks use): every category takes the role the file gives it, and the entrances, rides and
// tolerances are the file's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contractSchema,
  earthRadius,
  entranceCategories,
  onBoundary,
  openEdgeMinimum,
  overlapLimit,
  rideRules,
} from './contract';
import { type UnitRole, reachableUnits, unitRole } from './topology';

const file = contractSchema.parse(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../../docs/venue-contract.json'), 'utf8'),
  ),
);

describe('the venue contract file', () => {
  it('gives every unit category its role, and every other category is a destination', () => {
    for (const [role, categories] of Object.entries(file.unit_roles)) {
      for (const category of categories)
        expect([category, unitRole(category)]).toEqual([category, role]);
    }
    expect(unitRole('restroom.female')).toBe('destination');
  });

  it('decides which units a route enters', () => {
    const reached = (category: string) => {
      const units = new Map<string, UnitRole>([
        ['hall', 'walkable'],
        ['behind', unitRole(category)],
        ['shop', 'destination'],
      ]);
      const doors = [
        ['hall', 'behind'],
        ['behind', 'shop'],
      ];
      return reachableUnits({ units, doors, openEdges: [], rides: [], entrances: ['hall'] });
    };
    // A closed unit is never entered; a walkable one is walked through to the shop beyond it.
    expect([...reached(file.unit_roles.closed.at(-1)!)]).toEqual(['hall']);
    expect([...reached(file.unit_roles.walkable.at(-1)!)].sort()).toEqual([
      'behind',
      'hall',
      'shop',
    ]);
  });

  it('holds the entrances, rides and tolerances the checks use', () => {
    expect([...entranceCategories].sort()).toEqual([...file.entrance_openings].sort());
    expect(rideRules).toEqual(file.rides);
    expect([onBoundary, overlapLimit, openEdgeMinimum, earthRadius]).toEqual([
      file.on_boundary_m,
      file.overlap_limit_m2,
      file.open_edge_min_m,
      file.earth_radius_m,
    ]);
  });

  it('refuses a file without one of its rules', () => {
    const short: Record<string, unknown> = { ...file };
    delete short.open_edge_min_m;
    expect(contractSchema.safeParse(short).success).toBe(false);
  });
});

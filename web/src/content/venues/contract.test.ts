// The build holds to docs/venue-contract.json, read here on its own (not through the imports the
// build uses): every category takes the role the file gives it, and the entrances and tolerances
// are the file's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractSchema, earthRadius, entranceCategories, onBoundary } from './contract';
import { unitRole } from './topology';

const raw = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../docs/venue-contract.json'), 'utf8'),
) as { unit_roles: Record<string, string[]> };
const file = contractSchema.parse(raw);

describe('the venue contract file', () => {
  it('gives every unit category its role, and every other category is a destination', () => {
    for (const [role, categories] of Object.entries(raw.unit_roles)) {
      for (const category of categories)
        expect([category, unitRole(category)]).toEqual([category, role]);
    }
    expect(unitRole('restroom.female')).toBe('destination');
  });

  it('holds the entrances and tolerances the build uses', () => {
    expect([...entranceCategories].sort()).toEqual([...file.entrance_openings].sort());
    expect([onBoundary, earthRadius]).toEqual([file.on_boundary_m, file.earth_radius_m]);
  });

  it('refuses a file without one of the rules the build reads', () => {
    const short: Record<string, unknown> = { ...file };
    delete short.on_boundary_m;
    expect(contractSchema.safeParse(short).success).toBe(false);
  });
});

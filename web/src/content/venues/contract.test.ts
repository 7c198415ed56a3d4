// The viewer holds to docs/venue-contract.json, read here on its own (not through the import the
// viewer uses): every unit category takes the role the file gives it. The file's other rules are
// the engine's, which builds the viewer's files (server/venues/src/contract.rs tests them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unitRole } from './topology';

const raw = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../docs/venue-contract.json'), 'utf8'),
) as { unit_roles: Record<string, string[]> };

describe('the venue contract file', () => {
  it('gives every unit category its role, and every other category is a destination', () => {
    for (const [role, categories] of Object.entries(raw.unit_roles)) {
      for (const category of categories)
        expect([category, unitRole(category)]).toEqual([category, role]);
    }
    expect(unitRole('restroom.female')).toBe('destination');
  });
});

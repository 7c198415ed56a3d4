// The role of each unit category as the route engine sees it (docs/venue-contract.md section 2.5):
// the viewer styles units by it (demo/style.ts) and the previews group them by it (preview.ts). The
// roles are docs/venue-contract.json's `unit_roles`, imported alone (the engine, which builds the
// viewer's files, reads the rest of the file): the viewer takes the role lists and nothing more.
import { unit_roles as unitRoles } from '../../../../docs/venue-contract.json';

export type UnitRole = 'walkable' | 'connector' | 'closed' | 'destination';

/**
 * Walkable units are public circulation (routes run inside them), connectors join levels, closed
 * units are never entered; every category the contract does not list is a destination, entered
 * only through its openings and never walked through.
 */
export function unitRole(category: string): UnitRole {
  for (const role in unitRoles) {
    if (unitRoles[role as keyof typeof unitRoles].includes(category)) return role as UnitRole;
  }
  return 'destination';
}

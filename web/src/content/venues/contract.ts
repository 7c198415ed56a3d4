// The venue contract's rule values, read from docs/venue-contract.json: the same file the
// generator (tools/venues/contract.py) and the engine (server/venues/src/contract.rs) read, so the
// build cannot pass a venue they would treat differently. It is imported, not read from the
// content directory: the engine compiles it in, so no content directory can change it. The unit
// roles are read by topology.ts straight from the file, so the viewer's bundle takes the roles and
// not this schema.
import { z } from 'zod';
import file from '../../../../docs/venue-contract.json';

const categories = z.array(z.string().min(1)).min(1);
const metres = z.number().positive();

export const contractSchema = z
  .object({
    /** The categories of each role but destination, which is every other category (2.5). */
    unit_roles: z
      .object({ walkable: categories, connector: categories, closed: categories })
      .strict(),
    /** Opening categories visitors arrive through when on the level outline (2.6). */
    entrance_openings: categories,
    /** Relationship categories routes ride, and how they run (2.7). */
    rides: z.record(
      z.string(),
      z
        .object({ direction: z.enum(['directed', 'undirected']), adjacent_levels: z.boolean() })
        .strict(),
    ),
    on_boundary_m: metres,
    overlap_limit_m2: metres,
    open_edge_min_m: metres,
    earth_radius_m: metres,
  })
  .strict();

export type Contract = z.infer<typeof contractSchema>;

function read(): Contract {
  const result = contractSchema.safeParse(file);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`docs/venue-contract.json: ${issues.join('; ')}`);
}

const contract = read();

/** How close (metres) a point must be to a line or boundary to count as on it (contract 2.6). */
export const onBoundary = contract.on_boundary_m;

/** Overlap of two units that counts (contract section 5). */
export const overlapLimit = contract.overlap_limit_m2;

/** Two walkable units share open floor where their common edge is at least this long. */
export const openEdgeMinimum = contract.open_edge_min_m;

/** The earth radius of the projection (WGS 84 semi-major axis), contract section 2.3. */
export const earthRadius = contract.earth_radius_m;

/** Opening categories a visitor arrives through (emergency exits and service doors are not). */
export const entranceCategories: ReadonlySet<string> = new Set(contract.entrance_openings);

/** The relationships routes ride, by category; others are kept but not ridden. */
export const rideRules: Readonly<Contract['rides']> = contract.rides;

/** The walkable categories, as messages list them. */
export const walkableCategoryList = contract.unit_roles.walkable.join(', ');

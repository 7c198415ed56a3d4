// The venue contract's rule values the build writes the viewer's files with, read from
// docs/venue-contract.json: the same file the engine (server/venues/src/contract.rs) and its venue
// check read, so the build places doors and amenities as the check measured them. It is imported,
// not read from the content directory: the engine compiles it in, so no content directory can
// change it. The unit roles are read by topology.ts straight from the file, so the viewer's bundle
// takes the roles and not this schema.
import { z } from 'zod';
import file from '../../../../docs/venue-contract.json';

const metres = z.number().positive();

/** The keys of the file this side reads (the check reads the others). */
export const contractSchema = z.object({
  /** Opening categories visitors arrive through when on the level outline (2.6). */
  entrance_openings: z.array(z.string().min(1)).min(1),
  on_boundary_m: metres,
  earth_radius_m: metres,
});

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

/** The earth radius of the projection (WGS 84 semi-major axis), contract section 2.3. */
export const earthRadius = contract.earth_radius_m;

/** Opening categories a visitor arrives through (emergency exits and service doors are not). */
export const entranceCategories: ReadonlySet<string> = new Set(contract.entrance_openings);

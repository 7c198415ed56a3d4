// Levels as the API and the viewer key them (docs/venue-contract.md section 2.4): by short name, so
// short names are unique in a venue and safe in a URL and a file name (levels/<short>.json).
import type { ImdfFeature } from './types';
import { type VenueModel, zh } from './venue-model';

const shortNamePattern = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export function checkLevels(model: VenueModel) {
  const seen = new Map<string, string>();
  for (const level of model.features.level) {
    const short = zh(level.properties.short_name)!;
    if (!shortNamePattern.test(short)) {
      model.report(
        level,
        'properties.short_name',
        `"${short}" is used in addresses and file names; write it with Latin letters, digits and hyphens, e.g. "L1", "B2"`,
      );
    }
    const other = seen.get(short);
    if (other) {
      model.report(
        level,
        'properties.short_name',
        `"${short}" is also the short name of level ${other}; short names are unique in a venue (they are the level keys of the API and the viewer)`,
      );
    } else {
      seen.set(short, level.id);
    }
  }
}

/** Levels from the lowest up (ties by short name), as the viewer lists them. */
export function levelsInOrder(model: VenueModel): ImdfFeature<'level'>[] {
  return [...model.features.level].sort(
    (a, b) =>
      a.properties.ordinal - b.properties.ordinal ||
      zh(a.properties.short_name)!.localeCompare(zh(b.properties.short_name)!),
  );
}

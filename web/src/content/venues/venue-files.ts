// Reads the files of content/venues/ once the venue check has passed them (venue-check.ts): the
// IMDF files and infrastructure.geojson of a venue, its venue.toml, and categories.toml. The check
// decided every key and type, so this parses and casts. Texts the contract compares trimmed
// (venue.toml's words, categories.toml's labels) are trimmed here as the check trims them, and
// keys with a default get it, so what the build writes does not depend on a file's spacing or
// key order. The viewer's files are the engine's to build (venue-check.ts).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Problems } from '../../checks/problems';
import { readDataFile } from './data-file';
import {
  type CategoryGroup,
  type Device,
  type FeatureType,
  type Infrastructure,
  type VenueCategory,
  type VenueToml,
  featureTypes,
} from './imdf-types';

export const infrastructureFile = 'infrastructure.geojson';

/** A venue's IMDF files, read from a directory the check passed. */
export interface VenueFiles {
  /** The directory name, the venue id of URLs: "demo-mall". */
  id: string;
  /** The IMDF files as parsed, written to dist/ without whitespace. */
  raw: Record<FeatureType, unknown>;
}

type Table = Record<string, unknown>;

const trim = (text: string) => text.trim();

/**
 * Every feature file of `dir`; `prefix` is how the files are named (content/venues/x). Undefined
 * when a file cannot be read (reported).
 */
export function readVenueFiles(
  dir: string,
  id: string,
  prefix: string,
  problems: Problems,
): VenueFiles | undefined {
  const raw = {} as Record<FeatureType, unknown>;
  for (const type of featureTypes) {
    const file = `${prefix}/${type}.geojson`;
    const collection = readDataFile(join(dir, `${type}.geojson`), file, 'JSON', problems);
    if (collection === undefined) return undefined;
    raw[type] = collection;
  }
  return { id, raw };
}

/** venue.toml as the build reads it: its texts trimmed, `kiosks` empty when left out. */
export function readVenueToml(table: Table): VenueToml {
  const samples = table.samples as VenueToml['samples'];
  const flow = table.flow as VenueToml['flow'];
  return {
    order: table.order as number,
    default_level: trim(table.default_level as string),
    kiosks: ((table.kiosks ?? []) as VenueToml['kiosks']).map(({ id, facing }) => ({ id, facing })),
    samples: {
      queries: samples.queries.map(trim),
      plates: samples.plates,
      route_from: trim(samples.route_from),
      route_to: trim(samples.route_to),
      start: trim(samples.start),
    },
    ...(flow
      ? {
          flow: {
            visitors_per_day: flow.visitors_per_day,
            weekend_factor: flow.weekend_factor,
            arrivals: flow.arrivals,
            dwell_minutes: flow.dwell_minutes,
            stops: flow.stops,
            ...(flow.drive_share === undefined ? {} : { drive_share: flow.drive_share }),
          },
        }
      : {}),
  };
}

/** The online editor's choices (`[editor]`): room and amenity categories, in the order offered. */
export interface EditorChoices {
  units: string[];
  amenities: string[];
}

/** categories.toml: its categories, groups and the editor's choices, texts trimmed, synonyms,
 * groups and choices empty if left out. */
export function readCategoriesToml(table: Table): {
  categories: Record<string, VenueCategory>;
  groups: CategoryGroup[];
  editor: EditorChoices;
} {
  const categories = (table.categories ?? {}) as Record<string, Partial<VenueCategory>>;
  const groups = (table.groups ?? []) as CategoryGroup[];
  const editor = (table.editor ?? {}) as Partial<EditorChoices>;
  return {
    editor: {
      units: (editor.units ?? []).map(trim),
      amenities: (editor.amenities ?? []).map(trim),
    },
    categories: Object.fromEntries(
      Object.entries(categories).map(([key, entry]) => [
        key,
        { label: trim(entry.label!), synonyms: (entry.synonyms ?? []).map(trim) },
      ]),
    ),
    groups: groups.map((group) => ({
      label: trim(group.label),
      categories: group.categories.map(trim),
    })),
  };
}

/**
 * The positioning devices of `dir`/infrastructure.geojson; null when the venue has none,
 * undefined when the file cannot be read (reported).
 */
export function readInfrastructure(
  dir: string,
  prefix: string,
  problems: Problems,
): Infrastructure | null | undefined {
  const path = join(dir, infrastructureFile);
  if (!existsSync(path)) return null;
  const collection = readDataFile(path, `${prefix}/${infrastructureFile}`, 'JSON', problems);
  if (collection === undefined) return undefined;
  const devices = (collection as { features: Table[] }).features.map((feature): Device => {
    const [lon, lat] = (feature.geometry as { coordinates: [number, number] }).coordinates;
    return {
      id: feature.id as string,
      position: [lon, lat],
      properties: feature.properties as Device['properties'],
    };
  });
  return { collection, devices };
}

// Reads content/venues/ (docs/venue-contract.md section 1): categories.toml, words.toml and one
// directory per venue, runs every check of contract section 5 and those of its positioning devices
// (infrastructure.ts), and reports each problem into the problem list of the rest of content/ as
// `content/venues/<id>/<file>: feature <id> <field>: <message>`. A venue with no problem is handed
// on with its viewer data (viewer-data.ts); the default level must stay within its budget over
// the wire.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { type Problems, fieldPath } from '../../checks/problems';
import { categoriesTomlSchema, categoryEntry, checkCategoryEntries } from './categories-toml';
import { defaultLevelBudget, gzip } from './compression';
import { readDataFile } from './data-file';
import { readVenueFeatures } from './feature-shape';
import { projection } from './geometry';
import { featureTypes, imdfManifestSchema } from './imdf-schema';
import { infrastructureFile, readInfrastructure } from './infrastructure';
import { checkLevels } from './levels';
import { localShapes } from './local-shapes';
import { checkParking } from './parking';
import { checkPlacement } from './placement';
import { levelPreview } from './preview';
import { checkReachability } from './reachability';
import { checkReferences, theVenue } from './references';
import { checkRelationships } from './relationships';
import type { CategoryGroup, LoadedVenue, LoadedVenues, VenueCategory } from './types';
import { venueModel } from './venue-model';
import { checkVenueSettings, venueTomlSchema } from './venue-toml';
import { viewerData } from './viewer-data';
import { venueWordsSchema } from './words-toml';

const venueIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const venueFiles = new Set([
  ...featureTypes.map((type) => `${type}.geojson`),
  'manifest.json',
  'venue.toml',
  infrastructureFile,
]);

function parse<T>(schema: z.ZodType<T>, data: unknown, file: string, problems: Problems) {
  if (data === undefined) return undefined;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        problems.add(
          file,
          fieldPath([...issue.path, key]),
          'is not a key of this table; remove it or check its spelling',
        );
      }
    } else if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
      problems.add(file, fieldPath(issue.path), `is missing (${issue.message})`);
    } else {
      problems.add(file, fieldPath(issue.path), issue.message);
    }
  }
  return undefined;
}

/** A TOML file checked against its schema; undefined when it has any problem (all reported). */
function readTomlFile<T>(schema: z.ZodType<T>, path: string, file: string, problems: Problems) {
  return parse(schema, readDataFile(path, file, 'TOML', problems), file, problems);
}

interface Shared {
  categories: Record<string, VenueCategory>;
  problems: Problems;
}

/** One venue directory; undefined when it has any problem (all of them reported). */
function loadVenue(dir: string, id: string, shared: Shared): LoadedVenue | undefined {
  const { problems } = shared;
  const before = problems.list.length;
  const prefix = `content/venues/${id}`;
  for (const name of readdirSync(dir).sort()) {
    if (!venueFiles.has(name)) {
      problems.add(
        `${prefix}/${name}`,
        '',
        'is not a file of a venue directory (contract section 1: the IMDF files, manifest.json and venue.toml; infrastructure.geojson for positioning)',
      );
    }
  }
  const manifestFile = `${prefix}/manifest.json`;
  const manifest = readDataFile(join(dir, 'manifest.json'), manifestFile, 'JSON', problems);
  parse(imdfManifestSchema, manifest, manifestFile, problems);
  const settingsFile = `${prefix}/venue.toml`;
  const settings = readTomlFile(venueTomlSchema, join(dir, 'venue.toml'), settingsFile, problems);
  const files = readVenueFeatures(dir, prefix, problems);
  const model = venueModel(id, prefix, files, problems);
  const venue = theVenue(model, (message) => problems.add(`${prefix}/venue.geojson`, '', message));
  const broken = checkReferences(model);
  checkLevels(model);
  const labels = checkCategoryEntries(model, shared.categories);
  const rides = checkRelationships(model, broken);
  const shapes = venue
    ? localShapes(model, projection(venue.properties.display_point.coordinates as [number, number]))
    : undefined;
  const placement = shapes && checkPlacement(model, shapes);
  if (shapes && placement) {
    checkParking(model, shapes, placement);
    checkReachability(model, placement, rides);
  }
  const infrastructure = shapes && readInfrastructure(dir, prefix, model, shapes, problems);
  if (settings) {
    checkVenueSettings(settings, model, shapes, (field, message) =>
      problems.add(settingsFile, field, message),
    );
  }
  if (problems.list.length > before || !venue || !settings || !shapes || !placement) {
    return undefined;
  }
  const data = viewerData(model, shapes, placement, venue, settings, labels);
  const first = data.levels.find((level) => level.short === settings.default_level)!;
  const size = gzip(Buffer.from(JSON.stringify(first))).length;
  if (size > defaultLevelBudget) {
    problems.add(
      settingsFile,
      'default_level',
      `level ${settings.default_level} is ${(size / 1000).toFixed(1)} KB gzipped in the viewer's format, over the ${defaultLevelBudget / 1000} KB budget of the first level (contract section 3.3); simplify its shapes or choose a lighter default level`,
    );
    return undefined;
  }
  return {
    id,
    settings,
    imdf: { manifest, files: files.raw },
    infrastructure: infrastructure ?? null,
    summary: data.summary,
    levels: data.levels,
    previews: data.levels.map((level) => levelPreview(data.summary, level)),
  };
}

function checkGroups(
  groups: CategoryGroup[],
  categories: Record<string, VenueCategory>,
  problems: Problems,
) {
  groups.forEach((group, index) => {
    group.categories.forEach((category, at) => {
      if (!categoryEntry(categories, category)) {
        problems.add(
          'content/venues/categories.toml',
          `groups[${index}].categories[${at}]`,
          `"${category}" has no entry under [categories]; add one, or remove it from the group`,
        );
      }
    });
  });
}

/** Everything under content/venues/; undefined when anything there has a problem. */
export function loadVenues(contentDir: string, problems: Problems): LoadedVenues | undefined {
  const root = join(contentDir, 'venues');
  if (!existsSync(root)) {
    problems.add('content/venues', '', 'directory is missing; the live demo needs its venues');
    return undefined;
  }
  const before = problems.list.length;
  const rootFile = <T>(schema: z.ZodType<T>, name: string) =>
    readTomlFile(schema, join(root, name), `content/venues/${name}`, problems);
  const catalogue = rootFile(categoriesTomlSchema, 'categories.toml');
  const words = rootFile(venueWordsSchema, 'words.toml');
  const categories = catalogue?.categories ?? {};
  const groups = catalogue?.groups ?? [];
  checkGroups(groups, categories, problems);

  const list: LoadedVenue[] = [];
  const entries = readdirSync(root, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  for (const entry of entries) {
    if (!entry.isDirectory()) {
      if (!['categories.toml', 'words.toml'].includes(entry.name)) {
        problems.add(
          `content/venues/${entry.name}`,
          '',
          'is not part of the venues: content/venues/ holds categories.toml, words.toml and one directory per venue',
        );
      }
      continue;
    }
    if (!venueIdPattern.test(entry.name)) {
      problems.add(
        `content/venues/${entry.name}`,
        '',
        'a venue directory is named with lowercase letters, digits and hyphens (the name is the venue id in addresses)',
      );
      continue;
    }
    const venue = loadVenue(join(root, entry.name), entry.name, { categories, problems });
    if (venue) list.push(venue);
  }
  if (!entries.some((entry) => entry.isDirectory())) {
    problems.add('content/venues', '', 'has no venue directory; the live demo needs at least one');
  }
  const orders = new Map<number, string>();
  for (const venue of list) {
    const other = orders.get(venue.settings.order);
    if (other) {
      problems.add(
        `content/venues/${venue.id}/venue.toml`,
        'order',
        `is ${venue.settings.order}, as in content/venues/${other}/venue.toml; each venue has its own place in the switcher`,
      );
    }
    orders.set(venue.settings.order, venue.id);
  }
  if (problems.list.length > before || !words) return undefined;
  list.sort((a, b) => a.settings.order - b.settings.order);
  return { list, categories, groups, words };
}

// Reads content/venues/ (docs/venue-contract.md section 1): categories.toml, words.toml and one
// directory per venue. Whether the venues are valid is the venue check's to decide
// (venue-check.ts runs the engine's `check-venue`, contract section 5): its problems go into the
// problem list of the rest of content/ as it wrote them, and the build stops. The venues it passed
// are read as they are and handed on with the viewer files the engine built for them (the same
// command, contract section 5). This side checks only what the check does not see: words.toml
// (the viewer's words, not venue data) and the default level's budget over the wire, compressed
// as the build writes it (contract 3.3).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Problems, fieldPath } from '../../checks/problems';
import { defaultLevelBudget, gzip } from './compression';
import { readDataFile } from './data-file';
import { englishDir } from '../twins';
import { levelPreview } from './preview';
import type { LoadedVenue, LoadedVenues } from './types';
import { type ViewerData, checkVenues } from './venue-check';
import {
  readCategoriesToml,
  readInfrastructure,
  readVenueFiles,
  readVenueToml,
} from './venue-files';
import { type VenueWords, venueWordsSchema } from './words-toml';

/** A TOML or JSON file of content/venues/ as parsed; undefined when it cannot be read (reported). */
function readFile(root: string, name: string, format: 'TOML' | 'JSON', problems: Problems) {
  return readDataFile(join(root, name), `content/venues/${name}`, format, problems) as
    Record<string, unknown> | undefined;
}

/**
 * A words.toml against its schema: content/venues/words.toml, or its English twin when
 * `edition` is `en` (`content/en/venues/words.toml`); undefined when it has any problem (all
 * reported).
 */
export function readVenueWords(
  contentDir: string,
  edition: '' | 'en',
  problems: Problems,
): VenueWords | undefined {
  const file = join('content', edition, 'venues/words.toml');
  const data = readDataFile(join(contentDir, edition, 'venues/words.toml'), file, 'TOML', problems);
  if (data === undefined) return undefined;
  const result = venueWordsSchema.safeParse(data);
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

/** One venue directory the check passed; undefined when a file cannot be read or it is too heavy. */
function loadVenue(
  dir: string,
  id: string,
  data: ViewerData,
  problems: Problems,
): LoadedVenue | undefined {
  const prefix = `content/venues/${id}`;
  const manifest = readDataFile(
    join(dir, 'manifest.json'),
    `${prefix}/manifest.json`,
    'JSON',
    problems,
  );
  const settingsFile = `${prefix}/venue.toml`;
  const table = readDataFile(join(dir, 'venue.toml'), settingsFile, 'TOML', problems);
  const files = readVenueFiles(dir, id, prefix, problems);
  const infrastructure = readInfrastructure(dir, prefix, problems);
  if (manifest === undefined || !table || !files || infrastructure === undefined) {
    return undefined;
  }
  const settings = readVenueToml(table as Record<string, unknown>);
  // In either language: the English names are longer.
  const size = Math.max(
    ...[data.levels, data.english.levels].map((levels) => {
      const first = levels.find((level) => level.short === settings.default_level)!;
      return gzip(Buffer.from(JSON.stringify(first))).length;
    }),
  );
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
    infrastructure,
    summary: data.summary,
    levels: data.levels,
    previews: data.levels.map((level) => levelPreview(data.summary, level)),
    english: data.english,
  };
}

/**
 * The English edition's categories.toml (`content/en/venues/`): its labels, search words and
 * groups; its keys are the Chinese file's (twins.ts holds them so). Undefined when it cannot be
 * read (reported).
 */
export function readEnglishCatalog(
  contentDir: string,
  problems: Problems,
): Pick<LoadedVenues, 'categories' | 'groups'> | undefined {
  const file = join(englishDir, 'venues/categories.toml');
  const data = readDataFile(join(contentDir, file), `content/${file}`, 'TOML', problems);
  if (data === undefined) return undefined;
  const { categories, groups } = readCategoriesToml(data as Record<string, unknown>);
  return { categories, groups };
}

/** Everything under content/venues/; undefined when anything there has a problem. */
export function loadVenues(contentDir: string, problems: Problems): LoadedVenues | undefined {
  const root = join(contentDir, 'venues');
  if (!existsSync(root)) {
    problems.add('content/venues', '', 'directory is missing; the live demo needs its venues');
    return undefined;
  }
  // The engine's check decides whether the venues are valid; the rest reads what it passed.
  const viewerData = checkVenues(root, problems);
  if (!viewerData) return undefined;
  const before = problems.list.length;
  const words = readVenueWords(contentDir, '', problems);
  const catalogue = readFile(root, 'categories.toml', 'TOML', problems);
  const { categories, groups, editor } = readCategoriesToml(catalogue ?? {});
  const list: LoadedVenue[] = [];
  const entries = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const data = viewerData.get(entry.name);
    if (!data) {
      problems.add(`content/venues/${entry.name}`, '', 'the venue check wrote no viewer files');
      continue;
    }
    const venue = loadVenue(join(root, entry.name), entry.name, data, problems);
    if (venue) list.push(venue);
  }
  if (problems.list.length > before || !words || !catalogue) return undefined;
  list.sort((a, b) => a.settings.order - b.settings.order);
  return { list, categories, groups, editor, words };
}

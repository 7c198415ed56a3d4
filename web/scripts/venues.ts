// content/venues/ -> dist/venues/ (docs/venue-contract.md section 3): per venue the checked IMDF
// files without whitespace (imdf/), its positioning devices (infrastructure.geojson, beside imdf/
// so the IMDF archive stays pure IMDF), the viewer's summary (venue.json) and one file per level
// (levels/), each viewer file with its .gz and .br, so the server serves them as they are and
// compresses nothing.
// Returns the `venues` section of dist/manifest.json; these files are not in its `files` list,
// because the server answers for them through /api/venues.
import { OutputDir } from './output-dir';
import { type Language, byLanguageTag } from '../src/content/language';
import { brotli, gzip } from '../src/content/venues/compression';
import type { VenueCategory, VenueToml } from '../src/content/venues/imdf-types';
import type { LoadedVenues } from '../src/content/venues/types';
import type { EditorChoices } from '../src/content/venues/venue-files';

export interface VenuesManifest {
  list: {
    id: string;
    /** Directories and files relative to dist/. */
    imdf_dir: string;
    /** The positioning devices (issue #17); null for a venue without positioning. */
    infrastructure: string | null;
    /** By language tag (`zh-Hans`, `en`), as `words`. */
    summary: ByLanguage<string>;
    levels: { short_name: string; id: string; file: ByLanguage<string> }[];
    kiosks: { id: string; facing: number }[];
    /** Where a visitor is when no start is chosen (venue.toml samples.start, a location). */
    start: string;
    /** The flow analytics' simulated visitors (venue.toml [flow]); null for a venue without. */
    flow: VenueToml['flow'] | null;
  }[];
  editor: EditorChoices;
  /**
   * What the server says, by language tag (`zh-Hans`, `en`): route steps, API messages, and
   * the categories' labels and search words with the guide screens' groups.
   */
  words: Record<string, ServerWords>;
}

/** One per language, keyed by its tag (`zh-Hans`, `en`). */
type ByLanguage<T> = Record<string, T>;

/** Where an edition's viewer files go under a venue's directory: the English ones in en/. */
const viewerDir: Record<Language, string> = { zh: '', en: 'en/' };

/** The words the server speaks in one language. */
interface ServerWords {
  steps: Record<string, string>;
  api_errors: Record<string, string>;
  api_reasons: Record<string, string>;
  categories: Record<string, VenueCategory>;
  groups: { label: string; categories: string[] }[];
}

/** An edition's words and categories (each edition's words.toml and categories.toml). */
export type EditionWords = Pick<LoadedVenues, 'words' | 'categories' | 'groups'>;

/** Sizes in bytes of a viewer file as written, and compressed. */
export interface FileSizes {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/**
 * Compressed files made earlier in this process, by their text: editing mode (scripts/dev)
 * compresses only the levels an edit changed.
 */
const compressed = new Map<string, { gzipped: Buffer; brotlied: Buffer }>();

/** Writes `file` and its .gz and .br siblings. */
function writeCompressed(output: OutputDir, file: string, json: string): FileSizes {
  const raw = Buffer.from(json);
  const known = compressed.get(json);
  const { gzipped, brotlied } = known ?? { gzipped: gzip(raw), brotlied: brotli(raw) };
  if (!known) compressed.set(json, { gzipped, brotlied });
  output.write(file, raw);
  output.write(`${file}.gz`, gzipped);
  output.write(`${file}.br`, brotlied);
  return { file, raw: raw.length, gzip: gzipped.length, brotli: brotlied.length };
}

/**
 * Writes dist/venues/ and returns the manifest's `venues` section; `onFile` hears the sizes of
 * each viewer file (the build's budget report).
 */
export function writeVenues(
  distDir: string,
  venues: LoadedVenues,
  editions: Record<Language, EditionWords>,
  onFile: (sizes: FileSizes) => void = () => {},
): VenuesManifest {
  // dist/venues holds only what this writes.
  const output = new OutputDir(distDir, ['venues']);
  const list = venues.list.map((venue) => {
    const base = `venues/${venue.id}`;
    output.write(`${base}/imdf/manifest.json`, JSON.stringify(venue.imdf.manifest));
    for (const [type, collection] of Object.entries(venue.imdf.files)) {
      output.write(`${base}/imdf/${type}.geojson`, JSON.stringify(collection));
    }
    let infrastructure: string | null = null;
    if (venue.infrastructure) {
      infrastructure = `${base}/infrastructure.geojson`;
      output.write(infrastructure, JSON.stringify(venue.infrastructure.collection));
    }
    const files = { zh: venue, en: venue.english };
    const summary = byLanguageTag((language) => {
      const file = `${base}/${viewerDir[language]}venue.json`;
      onFile(writeCompressed(output, file, JSON.stringify(files[language].summary)));
      return file;
    });
    const levels = venue.levels.map((level, index) => ({
      short_name: level.short,
      id: level.id,
      file: byLanguageTag((language) => {
        const file = `${base}/${viewerDir[language]}levels/${level.short}.json`;
        onFile(writeCompressed(output, file, JSON.stringify(files[language].levels[index])));
        return file;
      }),
    }));
    return {
      id: venue.id,
      imdf_dir: `${base}/imdf`,
      infrastructure,
      summary,
      levels,
      kiosks: venue.settings.kiosks.map(({ id, facing }) => ({ id, facing })),
      start: venue.settings.samples.start,
      flow: venue.settings.flow ?? null,
    };
  });
  output.prune();
  return {
    list,
    editor: venues.editor,
    words: byLanguageTag((language): ServerWords => {
      const { words, categories, groups } = editions[language];
      const { steps, api_errors, api_reasons } = words;
      return { steps, api_errors, api_reasons, categories, groups };
    }),
  };
}

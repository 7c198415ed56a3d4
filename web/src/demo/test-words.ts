// The real [viewer] words, read from content/ and checked by the schema, for component tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { type ViewerWords, viewerWordsSchema } from '../content/venues/viewer-words';

export function testWords(): ViewerWords {
  // Resolved from this file's directory: jsdom replaces `new URL` (src/testing/repo-content-dir.ts).
  const file = join(import.meta.dirname, '../../../content/venues/words.toml');
  const table = parse(readFileSync(file, 'utf8')) as { viewer: unknown };
  return viewerWordsSchema.parse(table.viewer);
}

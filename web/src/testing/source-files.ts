// The site's own source under web/src, for tests of its shape (sizes, imports between folders).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const sourceDir = join(import.meta.dirname, '..');

/** Every .ts and .tsx file under web/src but the tests, relative to it. */
export function sourceFiles(): string[] {
  return readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path))
    .sort();
}

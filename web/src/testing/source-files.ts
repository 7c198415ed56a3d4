// The site's own source under web/src, for tests of its shape (sizes, imports between folders).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const sourceDir = join(import.meta.dirname, '..');

/** Every .ts and .tsx file under web/src but the tests, relative to it. */
export function sourceFiles(): string[] {
  return filesUnder((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path));
}

/** Every stylesheet under web/src, relative to it. */
export function stylesheets(): string[] {
  return filesUnder((path) => path.endsWith('.css'));
}

function filesUnder(wanted: (path: string) => boolean): string[] {
  return readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(wanted).sort();
}

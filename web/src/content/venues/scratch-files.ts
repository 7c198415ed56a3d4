// Scratch copies for the content validation tests (load.test.ts, venues/load-venues.test.ts) and
// editing mode's watcher (scripts/watch-tree.test.ts):
// each case breaks one rule in a temporary directory, which is removed whatever the outcome.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `work` in a new empty temporary directory, removed afterwards. */
export function inScratchDir<T>(prefix: string, work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Rewrites a text file; an edit that changes nothing would test nothing, so it throws. */
export function editText(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${file} changed nothing`);
  writeFileSync(path, after);
}

/** As inScratchDir, for asynchronous work. */
export async function inScratchDirAsync<T>(
  prefix: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Scratch copies for the content validation tests (load.test.ts, venues/load-venues.test.ts) and
// editing mode's watcher (scripts/watch-tree.test.ts):
// each case breaks one rule in a temporary directory, which is removed whatever the outcome.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Runs `work` in a new empty temporary directory, removed once it is done: when it returns, or
 * when the promise it returns settles.
 */
export function inScratchDir<T>(prefix: string, work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  let result: T;
  try {
    result = work(dir);
  } catch (error) {
    remove();
    throw error;
  }
  if (result instanceof Promise) return result.finally(remove) as T;
  remove();
  return result;
}

/** Rewrites a text file; an edit that changes nothing would test nothing, so it throws. */
export function editText(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`edit of ${file} changed nothing`);
  writeFileSync(path, after);
}

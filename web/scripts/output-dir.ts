// The build's writes into dist/: a file that already holds the same bytes is left alone, and in
// the directories the build owns whole, what it no longer writes is removed at the end. Editing
// mode (scripts/dev) rebuilds every page on each save, and deleting and rewriting dist/pages and
// dist/venues (about 25 MB in 496 files) each time made it wait on the disk beside other writers:
// beside two busy loops and a disk writer, rebuilds of 5.4-7.8 s took 3.6-4.6 s without it
// (bench/dev-edit.sh, 2026-12-02; idle, no change measured).
import {
  mkdirSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

export class OutputDir {
  private readonly written = new Set<string>();

  /** `owned`: directories under `root` that hold only what this build writes. */
  constructor(
    readonly root: string,
    private readonly owned: readonly string[],
  ) {}

  /** Writes `file` (relative to the root) unless it already holds exactly `data`. */
  write(file: string, data: string | Uint8Array): void {
    const path = join(this.root, file);
    this.written.add(path);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const there = statSync(path, { throwIfNoEntry: false });
    if (there?.isFile() && there.size === bytes.length && readFileSync(path).equals(bytes)) return;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }

  /** Removes what the owned directories hold that this build did not write, then empty ones. */
  prune(): void {
    const sweep = (dir: string): boolean => {
      let empty = true;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory() && sweep(path)) rmdirSync(path);
        else if (!entry.isDirectory() && !this.written.has(path)) unlinkSync(path);
        else empty = false;
      }
      return empty;
    };
    for (const dir of this.owned) {
      const path = join(this.root, dir);
      if (statSync(path, { throwIfNoEntry: false })?.isDirectory() && sweep(path)) rmdirSync(path);
    }
  }
}

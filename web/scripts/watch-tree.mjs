// Watches a directory tree for editing mode (scripts/dev.mjs): one native watcher per directory,
// added as directories appear and closed as they go. Node's `recursive` option on Linux is a
// JavaScript layer over per-file watchers, and it lost saves: an editor that saves by writing a
// new file and renaming it over the old one (vim, sed -i, many "atomic save" settings) went
// unnoticed in 9 of 12 saves (`SAVE=rename bench/dev-edit.sh`, 2026-12-02). A directory's own
// watcher hears every entry created, renamed over, written or removed in it.
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Calls `onChange(path)` for every change under `root`, `path` relative to it; returns a handle
 * whose `close()` stops all the watchers.
 */
export function watchTree(root, onChange) {
  const watchers = new Map();

  const unwatch = (dir) => {
    for (const [path, watcher] of watchers) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  };

  const add = (dir) => {
    if (watchers.has(dir)) return;
    let watcher;
    try {
      watcher = watch(dir, (event, name) => {
        const path = name ? join(dir, name.toString()) : dir;
        if (event === 'rename') {
          // Created or moved here (a directory brings its whole tree), or gone.
          const stat = statSync(path, { throwIfNoEntry: false });
          if (stat?.isDirectory()) add(path);
          else if (!stat) unwatch(path);
        }
        onChange(relative(root, path));
      });
    } catch (error) {
      // Removed between being listed and being watched: its parent's watcher has told.
      if (error.code === 'ENOENT' || !existsSync(dir)) return;
      throw error;
    }
    watcher.on('error', () => unwatch(dir));
    watchers.set(dir, watcher);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) add(join(dir, entry.name));
    }
  };

  add(root);
  return {
    close: () => unwatch(root),
    /** How many directories are watched (for the tests). */
    get directories() {
      return watchers.size;
    },
  };
}

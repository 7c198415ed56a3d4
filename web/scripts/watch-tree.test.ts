// Editing mode's watcher (watch-tree.mjs) on a real directory tree: a file written in place, a
// file saved as atomic-save editors do (a new file renamed over it) several times in a row, a
// directory made and then written in, and one removed, each heard; nothing after close().
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { inScratchDir } from '../src/content/venues/scratch-files';
import { watchTree } from './watch-tree.mjs';

/** Waits until `done()` holds, failing with `what` after 5 s. */
async function until(done: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not heard within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('hears writes, atomic saves, new and removed directories, until it is closed', async () => {
  await inScratchDir('watch-tree-', async (root) => {
    mkdirSync(join(root, 'pages'));
    writeFileSync(join(root, 'pages/map.toml'), 'heading = "a"');
    const heard: string[] = [];
    const tree = watchTree(root, (path) => heard.push(path));
    try {
      expect(tree.directories).toBe(2);
      const heardSince = (from: number, path: string) => heard.slice(from).includes(path);

      let from = heard.length;
      writeFileSync(join(root, 'pages/map.toml'), 'heading = "b"');
      await until(() => heardSince(from, 'pages/map.toml'), 'a write in place');

      for (const text of ['c', 'd', 'e', 'f', 'g']) {
        from = heard.length;
        writeFileSync(join(root, 'pages/map.toml.tmp'), `heading = "${text}"`);
        renameSync(join(root, 'pages/map.toml.tmp'), join(root, 'pages/map.toml'));
        await until(() => heardSince(from, 'pages/map.toml'), `atomic save ${text}`);
      }

      from = heard.length;
      mkdirSync(join(root, 'news'));
      await until(() => tree.directories === 3, 'a new directory');
      writeFileSync(join(root, 'news/today.md'), '# 今天');
      await until(() => heardSince(from, 'news/today.md'), 'a file in the new directory');

      rmSync(join(root, 'news'), { recursive: true });
      await until(() => tree.directories === 2, 'a removed directory');
    } finally {
      tree.close();
    }
    expect(tree.directories).toBe(0);
    const count = heard.length;
    writeFileSync(join(root, 'pages/map.toml'), 'heading = "h"');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toHaveLength(count);
  });
});

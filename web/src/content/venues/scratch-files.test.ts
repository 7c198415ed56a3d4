// The scratch directory is gone once the work is done, however it ends: returned, thrown, or a
// promise that settles either way.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inScratchDir } from './scratch-files';

describe('inScratchDir', () => {
  it('removes the directory after work that returns or throws', () => {
    let seen = '';
    const there = inScratchDir('scratch-test-', (dir) => {
      seen = dir;
      return existsSync(dir);
    });
    expect(there).toBe(true);
    expect(existsSync(seen)).toBe(false);
    expect(() =>
      inScratchDir('scratch-test-', (dir) => {
        seen = dir;
        throw new Error('broken');
      }),
    ).toThrow('broken');
    expect(existsSync(seen)).toBe(false);
  });

  it('removes the directory once asynchronous work settles, not before', async () => {
    let seen = '';
    const done = inScratchDir('scratch-test-', async (dir) => {
      seen = dir;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return existsSync(dir);
    });
    expect(existsSync(seen)).toBe(true);
    await expect(done).resolves.toBe(true);
    expect(existsSync(seen)).toBe(false);
    const failed = inScratchDir('scratch-test-', async (dir) => {
      seen = dir;
      await Promise.resolve();
      throw new Error('broken later');
    });
    await expect(failed).rejects.toThrow('broken later');
    expect(existsSync(seen)).toBe(false);
  });
});

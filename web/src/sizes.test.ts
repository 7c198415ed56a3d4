// Issue #31's sizes: the viewer at most 250 lines, the renderer at most 350, and no source file
// past 700 outside the tests. The renderer had grown to 424 unnoticed before this test.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const src = fileURLToPath(new URL('.', import.meta.url));
const lines = (path: string) => readFileSync(join(src, path), 'utf8').split('\n').length - 1;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [relative(src, path)] : [];
  });
}

it('keeps the viewer and the renderer within their sizes', () => {
  expect(lines('demo/viewer/viewer.tsx')).toBeLessThanOrEqual(250);
  expect(lines('demo/render/renderer.ts')).toBeLessThanOrEqual(350);
});

it('has no source file past 700 lines outside the tests', () => {
  const files = sources(src);
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((file) => lines(file) > 700)).toEqual([]);
});

// Issue #31's sizes: the viewer at most 250 lines, the renderer at most 350, and no source file
// past 700 outside the tests. The renderer had grown to 424 unnoticed before this test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sourceDir, sourceFiles } from './testing/source-files';

const lines = (path: string) => readFileSync(join(sourceDir, path), 'utf8').split('\n').length - 1;

it('keeps the viewer and the renderer within their sizes', () => {
  expect(lines('demo/viewer/viewer.tsx')).toBeLessThanOrEqual(250);
  expect(lines('demo/render/renderer.ts')).toBeLessThanOrEqual(350);
});

it('has no source file past 700 lines outside the tests', () => {
  const files = sourceFiles();
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((file) => lines(file) > 700)).toEqual([]);
});

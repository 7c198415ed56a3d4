// Issue #31's sizes: the viewer at most 250 lines, the renderer at most 350, and no source file
// past 700 outside the tests, the server's Rust, the tools' Python and the stylesheets included.
// The renderer had grown to 424 unnoticed before this test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sourceDir, sourceFiles, stylesheets } from './testing/source-files';

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

// The stylesheets too: site.css had grown to 2,351 lines and demo.css to 1,432 before this test.
it('has no stylesheet past 700 lines', () => {
  const sheets = stylesheets();
  expect(sheets.length).toBeGreaterThan(20);
  expect(sheets.filter((sheet) => lines(sheet) > 700)).toEqual([]);
});

/** The Rust and Python sources under `folder` of the repository but the tests. */
function otherSources(folder: string, extension: string): string[] {
  const root = join(sourceDir, '../..', folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(extension))
    .filter((path) => !/(^|\/)tests(\/|\.rs$)|_tests\.rs$|(^|\/)test_[^/]*$/.test(path))
    .filter((path) => !/(^|\/)(node_modules|__pycache__|\.venv)\//.test(path))
    .map((path) => join(root, path));
}

it('has no Rust or Python source past 700 lines outside the tests', () => {
  const files = [...otherSources('server', '.rs'), ...otherSources('tools', '.py')];
  expect(files.length).toBeGreaterThan(100);
  const long = files.filter((file) => readFileSync(file, 'utf8').split('\n').length - 1 > 700);
  expect(long).toEqual([]);
});

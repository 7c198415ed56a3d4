// No module of the site exports a binding that changes (a top-level `let` or `var`): the chunks
// the hand-over page's inline script loads later read its exports once, when the first of them
// loads (scripts/first-frame.ts), and would not see a later change.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sourceDir, sourceFiles } from './testing/source-files';

/** The `let` and `var` bindings `text` exports, directly or by an export list. */
function changingExports(text: string): string[] {
  const direct = [...text.matchAll(/^export\s+(?:let|var)\s+([\w$]+)/gm)].map((m) => m[1]!);
  const variables = new Set([...text.matchAll(/^(?:let|var)\s+([\w$]+)/gm)].map((m) => m[1]!));
  const listed = [...text.matchAll(/^export\s*\{([^}]*)\}/gm)]
    .flatMap((m) => m[1]!.split(','))
    .map((part) => part.trim().split(/\s+as\s+/)[0]!)
    .filter((name) => variables.has(name));
  return [...direct, ...listed];
}

it('finds a changing export in either form', () => {
  expect(
    changingExports('export let a = 1;\nlet b = 2;\nconst c = 3;\nexport { b, c as d };'),
  ).toEqual(['a', 'b']);
  expect(changingExports('export const a = 1;\nexport function b() {}')).toEqual([]);
});

it('no module exports a binding that changes', () => {
  const changing = sourceFiles().filter(
    (path) => changingExports(readFileSync(join(sourceDir, path), 'utf8')).length > 0,
  );
  expect(changing).toEqual([]);
});

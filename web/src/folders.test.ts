// Issue #31: no import circle between web/src's folders. A circle had come back three times
// unnoticed (components and shell, demo and islands, island-props and islands) before this test:
// every relative import of the source, type imports included, read as an edge between the
// folders right under src/; the folders must form no cycle.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { sourceDir as src, sourceFiles } from './testing/source-files';

/** The folder right under src/ that holds `path`, or null for a file at src/ itself. */
function folderOf(path: string): string | null {
  const parts = relative(src, path).split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : null;
}

/** Which folders each folder imports from, and through which file. */
function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sourceFiles().map((path) => join(src, path))) {
    const from = folderOf(file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    for (const [, spec] of text.matchAll(/\bfrom\s+['"](\.[^'"]+)['"]/g)) {
      const to = folderOf(resolve(dirname(file), spec!));
      if (!to || to === from || to.startsWith('..')) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, relative(src, file));
    }
  }
  return edges;
}

/** The import path from `start` back to itself, if there is one. */
function circleFrom(edges: Map<string, Map<string, string>>, start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (folder: string, path: string[]): string[] | null => {
    for (const [next, file] of edges.get(folder) ?? []) {
      const step = [...path, `${folder} -> ${next} (${file})`];
      if (next === start) return step;
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, step);
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

it('has no import circle between the folders of web/src', () => {
  const edges = folderImports();
  // The check sees the imports it judges: page parts use content, islands use the demo.
  expect(edges.get('components')?.has('content')).toBe(true);
  expect(edges.get('islands')?.has('demo')).toBe(true);
  const circles = [...edges.keys()].map((folder) => circleFrom(edges, folder)).filter(Boolean);
  expect(circles).toEqual([]);
});

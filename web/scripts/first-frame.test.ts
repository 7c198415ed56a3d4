// The hand-over page's script from a first-frame build (first-frame.ts, issue #34): the entry
// written into the page, the chunks it loads later as files, and the builds it refuses.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstFrameAssets, firstFrameFiles, readFirstFrameBuild } from './first-frame';

const viewer = { 'src/demo/viewer/viewer.tsx': { file: 'assets/viewer.js' } };
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A first-frame build's output (its manifest's chunks and their files), in a new directory. */
function build(chunks: Record<string, object>, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'first-frame-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'), { recursive: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, '.vite/manifest.json'),
    JSON.stringify({ 'style.css': { file: 'assets/style.css' }, ...chunks }),
  );
  for (const [file, text] of Object.entries({ 'assets/style.css': '.a{}', ...files })) {
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const planner = 'import{a as e,b as t}from"./first-frame-1.js";export const plan=()=>e(t);';

describe('the first frame’s script', () => {
  it('imports its split-off chunks by address and leaves them its exports', () => {
    const dir = build(
      {
        'src/entry-first-frame.tsx': {
          file: 'assets/first-frame-1.js',
          isEntry: true,
          dynamicImports: ['src/demo/modes/plan/plan-parts.ts'],
        },
        'src/demo/modes/plan/plan-parts.ts': { file: 'assets/plan-parts-2.js' },
      },
      {
        'assets/first-frame-1.js':
          'function h(){}const o={};const open=()=>import(`./plan-parts-2.js`);export{h as a,o as b};',
        'assets/plan-parts-2.js': planner,
      },
    );
    const read = readFirstFrameBuild(dir);
    expect(firstFrameAssets(read, viewer, '').script).toBe(
      'function h(){}const o={};const open=()=>import(`/next/assets/plan-parts-2.js`);' +
        'globalThis.__siteFirstFrame={"a":h,"b":o};',
    );
    // The chunk as built; under the entry's name, what answers its import of the entry.
    expect(firstFrameFiles(read)).toEqual(
      new Map([
        ['assets/plan-parts-2.js', planner],
        [
          'assets/first-frame-1.js',
          'const m=globalThis.__siteFirstFrame;const e0=m["a"],e1=m["b"];export{e0 as a,e1 as b};\n',
        ],
      ]),
    );
  });

  it('is one file with nothing to load when nothing is split off', () => {
    const dir = build(
      { 'src/entry-first-frame.tsx': { file: 'assets/first-frame-1.js', isEntry: true } },
      { 'assets/first-frame-1.js': 'hydrate();' },
    );
    const read = readFirstFrameBuild(dir);
    expect(firstFrameAssets(read, viewer, 'body{}').script).toBe('hydrate();');
    expect(firstFrameFiles(read)).toEqual(new Map());
  });

  it('is refused when the entry imports a chunk, holds no viewer, or imports by a relative address', () => {
    const entry = { file: 'assets/first-frame-1.js', isEntry: true };
    const code = { 'assets/first-frame-1.js': 'hydrate();' };
    const assets = (dir: string) => firstFrameAssets(readFirstFrameBuild(dir), viewer, '');
    const importing = build(
      { 'src/entry-first-frame.tsx': { ...entry, imports: ['_runtime.js'] } },
      code,
    );
    expect(() => assets(importing)).toThrow(/hold the viewer and all it imports/);
    const apart = build({ 'src/entry-first-frame.tsx': entry, ...viewer }, code);
    expect(() => assets(apart)).toThrow(/hold the viewer and all it imports/);
    const relative = build(
      { 'src/entry-first-frame.tsx': entry },
      { 'assets/first-frame-1.js': 'const open=()=>import("./elsewhere.js");' },
    );
    expect(() => assets(relative)).toThrow(/by a relative address/);
  });

  it('is refused without exactly one entry', () => {
    const code = { 'assets/first-frame-1.js': 'hydrate();' };
    const none = build({ 'src/entry-first-frame.tsx': { file: 'assets/first-frame-1.js' } }, code);
    expect(() => readFirstFrameBuild(none)).toThrow(/one entry script/);
    const two = build(
      {
        'src/entry-first-frame.tsx': { file: 'assets/first-frame-1.js', isEntry: true },
        'src/other.tsx': { file: 'assets/other.js', isEntry: true },
      },
      { ...code, 'assets/other.js': '' },
    );
    expect(() => readFirstFrameBuild(two)).toThrow(/one entry script/);
  });
});

// The page a demo address with a venue in it is answered with (issue #34, docs/live-demo.md "The
// first frame"): the demo page again, with the element the server writes the first frame's data
// into. Phones get the stylesheets and the demo's script written into the page (vite.config.ts
// "first-frame"): on a weak network every further file is another round trip before the route is
// drawn. What the script loads only later (the editor's and the planner's panels and the drawing
// form when a visitor opens them, the upload form after the first frame) are files beside it.
// Desktops get the viewer's modules preloaded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FirstFrameAssets } from '../src/entry-server';
import { firstFrameMarker } from '../src/runtime/first-frame-place';

interface ViteChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The page the first frame is written into. */
export const firstFramePage = '/next/demo';

const placeholderOpener = '%%SITE:';

/**
 * Where the inline script leaves what its split-off chunks import from it. A script inside a page
 * has no address to import from, so the chunks' imports of the entry's file are answered by a
 * module of that name that reads this (`entryStandIn`).
 */
const exportsGlobal = '__siteFirstFrame';

/** The first-frame build as the prerender reads it once: its entry, code and split-off chunks. */
export type FirstFrameBuild = ReturnType<typeof readFirstFrameBuild>;

/**
 * Reads the first-frame build in `dir`: the entry (the build's only one, vite.config.ts), its
 * code, and the chunks split off it.
 */
export function readFirstFrameBuild(dir: string) {
  const chunks = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteChunk
  >;
  const entries = Object.values(chunks).filter((chunk) => chunk.isEntry);
  const entry = entries.length === 1 ? entries[0] : undefined;
  const css = Object.values(chunks).find((chunk) => chunk.file.endsWith('.css'));
  if (!entry || !css) {
    throw new Error(`${dir}: the first-frame build needs one entry script and a stylesheet`);
  }
  const split = Object.values(chunks).filter(
    (chunk) => chunk !== entry && chunk.file.endsWith('.js'),
  );
  if (entry.imports?.length || chunks['src/demo/viewer/viewer.tsx']) {
    throw new Error(`${dir}: the first frame's script must hold the viewer and all it imports`);
  }
  const code = readFileSync(join(dir, entry.file), 'utf8');
  // The bundler ends a chunk that others import from with one export clause.
  const clause = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code);
  const exported = (clause?.[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, name = local] = part.split(/\s+as\s+/);
      return { local: local!, name: name! };
    });
  return { dir, entry, css, split, code: clause ? code.slice(0, clause.index) : code, exported };
}

/**
 * The entry as a script of the page: its dynamic imports of the split-off chunks by their
 * addresses (a relative one would resolve against the page's), its exports left for those chunks
 * in a global, and the text of the server's placeholders (the runtime's defaults) with their colon
 * escaped, which a JavaScript string reads as the same text; written into a page, the server would
 * fill them.
 */
function inlineScript({ code, split, exported }: FirstFrameBuild): string {
  let script = code;
  for (const { file } of split) {
    const name = file.slice(file.lastIndexOf('/') + 1);
    for (const quote of ['`', "'", '"']) {
      script = script.replaceAll(`${quote}./${name}${quote}`, `${quote}/next/${file}${quote}`);
    }
  }
  if (/import\(\s*[`'"]\.\.?\//.test(script) || /\bexport\s*\{/.test(script)) {
    throw new Error("the first frame's script imports or exports by a relative address");
  }
  if (exported.length > 0) {
    const fields = exported.map(({ local, name }) => `${JSON.stringify(name)}:${local}`);
    script += `globalThis.${exportsGlobal}={${fields.join(',')}};`;
  }
  return script.replaceAll(placeholderOpener, '%%SITE\\x3a');
}

/**
 * The module answering the split-off chunks' imports of the entry's file: the entry's exports as
 * the inline script left them. Its bindings are read once, when the first chunk loads; the
 * site's modules export no binding that changes (src/exports.test.ts).
 */
function entryStandIn({ exported }: FirstFrameBuild): string {
  const reads = exported.map(({ name }, index) => `e${index}=m[${JSON.stringify(name)}]`);
  const names = exported.map(({ name }, index) => `e${index} as ${name}`);
  return `const m=globalThis.${exportsGlobal};const ${reads.join(',')};export{${names.join(',')}};\n`;
}

/**
 * The first-frame build's script and stylesheet, and the viewer's files of the client build.
 */
export function firstFrameAssets(
  build: FirstFrameBuild,
  clientChunks: Record<string, ViteChunk>,
  siteCss: string,
): FirstFrameAssets {
  const script = inlineScript(build);
  const style = siteCss + readFileSync(join(build.dir, build.css.file), 'utf8');
  for (const [text, closer] of [
    [script, '</script'],
    [style, '</style'],
  ] as const) {
    if (text.toLowerCase().includes(closer) || text.includes('<!--')) {
      throw new Error(`the first frame's inline ${closer.slice(2)} would end its element early`);
    }
  }
  if (script.includes(placeholderOpener) || script.includes(firstFrameMarker)) {
    throw new Error("the first frame's script holds a marker the server would fill");
  }
  const viewer = clientChunks['src/demo/viewer/viewer.tsx'];
  if (!viewer) throw new Error('the client build has no viewer chunk');
  return {
    style,
    script,
    modules: [viewer.file, ...(viewer.imports ?? []).map((key) => clientChunks[key]?.file ?? key)]
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/next/${file}`),
    styles: (viewer.css ?? []).map((file) => `/next/${file}`),
  };
}

/**
 * The files the inline script loads later, by their paths under the client build (`assets/...`):
 * the split-off chunks as built, and under the entry's name the module that answers their
 * imports of it.
 */
export function firstFrameFiles(build: FirstFrameBuild): Map<string, string> {
  const files = new Map(
    build.split.map(({ file }) => [file, readFileSync(join(build.dir, file), 'utf8')]),
  );
  if (build.exported.length > 0) files.set(build.entry.file, entryStandIn(build));
  return files;
}

/** CSP source expressions allowing exactly these inline elements. */
export function cspHashes(assets: FirstFrameAssets) {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return { script_hashes: [hash(assets.script)], style_hashes: [hash(assets.style)] };
}

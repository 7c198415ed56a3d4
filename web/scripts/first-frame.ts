// The page a demo address with a venue in it is answered with (issue #34, docs/live-demo.md "The
// first frame"): the demo page again, with the element the server writes the first frame's data
// into. Phones get the stylesheets and the demo's whole script written into the page (the script
// built as one file, vite.config.ts "first-frame"): on a weak network every further file is
// another round trip before the route is drawn. Desktops get the viewer's modules preloaded.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FirstFrameAssets } from '../src/entry-server';
import { firstFrameMarker } from '../src/runtime/first-frame-place';

interface ViteChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The page the first frame is written into. */
export const firstFramePage = '/next/demo';

const placeholderOpener = '%%SITE:';

/**
 * The first-frame build's script and stylesheet, and the viewer's files of the client build.
 * The script holds the text of the server's placeholders (the runtime's defaults); written into
 * a page the server would fill them, so their colon is escaped, which a JavaScript string reads
 * as the same text.
 */
export function firstFrameAssets(
  dir: string,
  clientChunks: Record<string, ViteChunk>,
  siteCss: string,
): FirstFrameAssets {
  const chunks = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ViteChunk
  >;
  const entry = chunks['src/entry-demo.tsx'];
  const css = Object.values(chunks).find((chunk) => chunk.file.endsWith('.css'));
  if (!entry || !css) throw new Error(`${dir}: the first-frame build has no script or stylesheet`);
  const script = readFileSync(join(dir, entry.file), 'utf8').replaceAll(
    placeholderOpener,
    '%%SITE\\x3a',
  );
  const style = siteCss + readFileSync(join(dir, css.file), 'utf8');
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

/** CSP source expressions allowing exactly these inline elements. */
export function cspHashes(assets: FirstFrameAssets) {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  return { script_hashes: [hash(assets.script)], style_hashes: [hash(assets.style)] };
}

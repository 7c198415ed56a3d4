// The favicon set and the web app manifest, made at build time from public/favicon.svg and the
// brand in content, so the icons cannot drift from the SVG and the manifest from the brand name.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Content } from '../src/content/types';
import type { SiteIcons } from '../src/seo/head';
import type { OutputDir } from './output-dir';

/** Icons drawn earlier in this process (editing mode rebuilds), by size and source. */
const drawnIcons = new Map<string, Buffer>();

function png(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** Writes the icons under client/assets/icons of `output` (hashed names) and the manifest. */
export function writeIcons(webDir: string, output: OutputDir, content: Content): SiteIcons {
  const svg = readFileSync(join(webDir, 'public/favicon.svg'), 'utf8');
  const urls = new Map<number, string>();
  for (const size of [32, 180, 192, 512]) {
    const key = `${size}:${svg}`;
    const bytes = drawnIcons.get(key) ?? png(svg, size);
    drawnIcons.set(key, bytes);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    const name = `icon-${size}-${hash}.png`;
    output.write(`client/assets/icons/${name}`, bytes);
    urls.set(size, `/next/assets/icons/${name}`);
  }
  const { brand } = content.site;
  const webManifest = {
    name: brand.name,
    short_name: brand.wordmark,
    description: brand.slogan,
    lang: 'zh-CN',
    start_url: '/next/',
    scope: '/next/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#0b1530',
    icons: [
      { src: '/next/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
      { src: urls.get(192), type: 'image/png', sizes: '192x192' },
      { src: urls.get(512), type: 'image/png', sizes: '512x512' },
    ],
  };
  output.write('client/site.webmanifest', `${JSON.stringify(webManifest, null, 2)}\n`);
  return {
    svg: '/next/favicon.svg',
    png32: urls.get(32)!,
    appleTouch: urls.get(180)!,
    logo: urls.get(512)!,
    webManifest: '/next/site.webmanifest',
  };
}

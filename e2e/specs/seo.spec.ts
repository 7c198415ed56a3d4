// What search engines and link previews read (issue #5), on the real server over the real
// build: every page's canonical address and share card on the site's own origin (China and
// international, desktop and mobile), share images that exist, are 1200x640 and distinct, valid
// JSON-LD, icons and the web app manifest.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { desktopUserAgent, iphoneUserAgent } from '../helpers/browser';
import { get } from '../helpers/http';

const base = inject('baseUrl');
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../dist/manifest.json', import.meta.url)), 'utf8'),
) as { pages: { path: string }[] };
const paths = manifest.pages.map((page) => page.path);

const sites = [
  { name: 'international', host: 'www.indora.com', origin: 'https://www.indora.com' },
  { name: 'China', host: 'www.indora.cn', origin: 'https://www.indora.cn' },
];

function tag(html: string, attribute: 'property' | 'name', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

function decode(text: string) {
  return text.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
}

describe.each(sites)('the $name site', ({ host, origin }) => {
  for (const [device, agent] of [
    ['desktop', desktopUserAgent],
    ['mobile', iphoneUserAgent],
  ] as const) {
    it(`gives every page on ${device} its canonical address, share card and JSON-LD on ${origin}`, async () => {
      const shareImages = new Set<string>();
      for (const path of paths) {
        const { status, text: html } = await get(base, path, { host, 'user-agent': agent });
        expect(status, path).toBe(200);
        expect(html, path).not.toContain('%%SITE:');
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        expect(canonical, path).toBe(`${origin}${path}`);
        expect(tag(html, 'property', 'og:url'), path).toBe(`${origin}${path}`);
        const english = path.startsWith('/next/en/');
        expect(tag(html, 'property', 'og:locale'), path).toBe(english ? 'en_US' : 'zh_CN');
        expect(html, path).toContain(`<html lang="${english ? 'en' : 'zh-CN'}">`);
        // Both editions name each other, and the Chinese page as the default (issue #35).
        const chinese = path.replace(/^\/next\/en\//, '/next/');
        const alternates = [
          ...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g),
        ];
        expect(
          alternates.map((match) => `${match[1]} ${match[2]}`),
          path,
        ).toEqual([
          `zh-Hans ${origin}${chinese}`,
          `en ${origin}${chinese.replace(/^\/next\//, '/next/en/')}`,
          `x-default ${origin}${chinese}`,
        ]);
        expect(decode(tag(html, 'property', 'og:title') ?? ''), path).toBe(
          decode(/<title>([^<]+)<\/title>/.exec(html)?.[1] ?? ''),
        );
        expect(tag(html, 'name', 'twitter:card'), path).toBe('summary_large_image');
        const image = tag(html, 'property', 'og:image') ?? '';
        expect(image.startsWith(`${origin}/next/assets/share/`), path).toBe(true);
        expect(tag(html, 'property', 'og:image:width'), path).toBe('1200');
        expect(tag(html, 'property', 'og:image:height'), path).toBe('640');
        shareImages.add(image);
        const blocks = [
          ...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
        ].map((match) => JSON.parse(match[1]!) as { '@type': string; [key: string]: unknown });
        const organization = blocks.find((block) => block['@type'] === 'Organization');
        expect(organization?.url, path).toBe(`${origin}/next/`);
        expect(JSON.stringify(organization), path).toContain('+86-4000-999-023');
      }
      expect(shareImages.size).toBe(paths.length);
    });
  }
});

describe('share images, icons and the web app manifest', () => {
  it('serves every share image as a 1200x640 PNG cached for a year', async () => {
    const { text: html } = await get(base, '/next/solution/factory');
    const images = new Set<string>();
    for (const path of paths) {
      const page = await get(base, path);
      images.add(new URL(tag(page.text, 'property', 'og:image') ?? '').pathname);
    }
    expect(html).toContain('og:image');
    for (const image of images) {
      const answer = await get(base, image);
      expect(answer.status, image).toBe(200);
      expect(answer.headers['content-type'], image).toBe('image/png');
      expect(answer.headers['cache-control'], image).toContain('immutable');
      expect(answer.body.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([answer.body.readUInt32BE(16), answer.body.readUInt32BE(20)], image).toEqual([
        1200, 640,
      ]);
    }
  });

  it('links icons and a web app manifest that all resolve', async () => {
    const { text: html } = await get(base, '/next/');
    const links = [
      ...html.matchAll(/<link rel="(icon|apple-touch-icon|manifest)" href="([^"]+)"/g),
    ];
    expect(links.map((match) => match[1])).toEqual([
      'icon',
      'icon',
      'apple-touch-icon',
      'manifest',
    ]);
    for (const [, , href] of links) expect((await get(base, href!)).status, href).toBe(200);
    const manifestFile = links.find((match) => match[1] === 'manifest')![2]!;
    const webManifest = JSON.parse((await get(base, manifestFile)).text) as {
      name: string;
      icons: { src: string; sizes: string }[];
    };
    expect(webManifest.name).toBe('寻境 Indora');
    expect(webManifest.icons.map((icon) => icon.sizes)).toEqual(['any', '192x192', '512x512']);
    for (const icon of webManifest.icons) {
      const answer = await get(base, icon.src);
      expect(answer.status, icon.src).toBe(200);
      if (icon.sizes !== 'any') {
        const size = Number(icon.sizes.split('x')[0]);
        expect(answer.body.readUInt32BE(16), icon.src).toBe(size);
      }
    }
  });

  it('the 404 page is not indexed and names no canonical address', async () => {
    const { status, text: html } = await get(base, '/next/nowhere');
    expect(status).toBe(404);
    expect(tag(html, 'name', 'robots')).toBe('noindex');
    expect(html).not.toContain('rel="canonical"');
  });
});

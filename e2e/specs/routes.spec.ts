// Every route of the spec answers on the real server with its own Chinese metadata; anything
// else is the styled 404 (spec section 2, issue #2). Plain HTTP, no browser.
import { describe, expect, inject, it } from 'vitest';
import { specRoutes } from '../helpers/spec-routes';

const base = inject('baseUrl');

const desktop = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0' };
const android = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36' };

function meta(html: string, name: string): string | undefined {
  return new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];
}

async function get(path: string, headers: Record<string, string> = desktop) {
  const response = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe('routes', () => {
  it('every spec route answers 200 with its own Chinese title, description, keywords and one h1', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of specRoutes) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      expect(title, path).toMatch(/[\u4e00-\u9fff]/);
      const description = meta(html, 'description') ?? '';
      expect(description.length, path).toBeGreaterThanOrEqual(50);
      expect(description.length, path).toBeLessThanOrEqual(160);
      expect(meta(html, 'keywords'), path).toMatch(/[\u4e00-\u9fff]/);
      expect(html.match(/<h1[\s>]/g)?.length, path).toBe(1);
      expect(html, path).not.toMatch(/lorem|ipsum|%%SITE:/i);
      titles.add(title);
      descriptions.add(description);
    }
    expect(titles.size).toBe(specRoutes.length);
    expect(descriptions.size).toBe(specRoutes.length);
  });

  it('mobile pages keep the same title and description', async () => {
    for (const path of ['/next/', '/next/map', '/next/device/10', '/next/solution/scenic']) {
      const page = await get(path);
      const bare = await get(path, android);
      expect(bare.status).toBe(200);
      expect(/<title>[^<]+/.exec(bare.html)?.[0]).toBe(/<title>[^<]+/.exec(page.html)?.[0]);
      expect(meta(bare.html, 'description')).toBe(meta(page.html, 'description'));
      expect(bare.html).not.toContain('<header');
      expect(bare.headers.get('vary')).toContain('User-Agent');
    }
  });

  it('/ redirects to /next/', async () => {
    const { status, headers } = await get('/');
    expect(status).toBe(301);
    expect(headers.get('location')).toBe('/next/');
  });

  it('unknown devices and paths get the styled 404 page with status 404', async () => {
    for (const path of [
      '/next/device/0',
      '/next/device/11',
      '/next/device/abc',
      '/next/unknown',
      '/favicon.php',
    ]) {
      const { status, html } = await get(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('抱歉，没有找到这个页面');
      expect(html, path).toContain('class="site-header');
    }
  });

  it('pages load nothing from third-party hosts', async () => {
    for (const path of ['/next/', '/next/privacy']) {
      const { html } = await get(path);
      // rel=canonical and rel=alternate name the public addresses of the page and its twin
      // (issue #35); browsers never fetch them.
      const resources = [
        ...html.matchAll(
          /<(?:link|script|img)\b(?![^>]*rel="(?:canonical|alternate)")[^>]*?(?:src|href)="([^"]+)"/g,
        ),
      ].map((m) => m[1] ?? '');
      expect(resources.length).toBeGreaterThan(2);
      // Same origin only: a path, never another host or a protocol-relative URL.
      for (const url of resources) expect(url, path).toMatch(/^\/(?!\/)/);
    }
  });
});

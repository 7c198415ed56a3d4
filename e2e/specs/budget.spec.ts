// A content page ships at most 70 KB of gzipped JavaScript in total (issue #2); mobile pages
// ship none unless they carry a form or the live demo.
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const budgetBytes = 70 * 1024;

async function scriptsOf(path: string, userAgent: string): Promise<string[]> {
  const html = await (
    await fetch(`${base}${path}`, { headers: { 'user-agent': userAgent } })
  ).text();
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  return [...new Set([...scripts, ...preloads])];
}

describe('JavaScript budget', () => {
  const desktopUa = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0';
  const iphoneUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)';
  for (const [path, userAgent] of [
    ['/next/', desktopUa],
    ['/next/map', desktopUa],
    ['/next/device/1', desktopUa],
    ['/next/privacy', desktopUa],
    ['/next/business', desktopUa],
    // The mobile pages with a script: the enquiry form's inline validation, and the live
    // demo's launcher (the viewer itself loads on demand).
    ['/next/business', iphoneUa],
    ['/next/map', iphoneUa],
    ['/next/demo', iphoneUa],
  ] as const) {
    it(`${path} ships at most 70 KB of gzipped JavaScript (${userAgent === iphoneUa ? 'mobile' : 'desktop'})`, async () => {
      const scripts = await scriptsOf(path, userAgent);
      expect(scripts.length).toBeGreaterThan(0);
      let total = 0;
      for (const script of scripts) {
        const response = await fetch(`${base}${script}`, {
          headers: { 'accept-encoding': 'gzip' },
        });
        const length = Number(response.headers.get('content-length'));
        // Files too small to gain from compression are sent as they are.
        if (length > 1024) expect(response.headers.get('content-encoding')).toBe('gzip');
        total += length;
      }
      console.log(`${path}: ${scripts.length} script(s), ${(total / 1024).toFixed(1)} KB gzipped`);
      expect(total).toBeLessThanOrEqual(budgetBytes);
    });
  }

  it('mobile pages without a form or a demo ship no JavaScript', async () => {
    expect(
      await scriptsOf('/next/passenger', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)'),
    ).toEqual([]);
  });
});

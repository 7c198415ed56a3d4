// Mobile user agents get the bare page (spec sections 1 and 4): no header, footer, floating
// tool or script, but the same head metadata. Pages with the live demo are the exception: phones
// are where H5 navigation lives, so they carry the demo's launcher (demo.spec.ts).
import { describe, expect, inject, it } from 'vitest';
import { chinaHost, iphoneUserAgent, openPage, useBrowser } from '../helpers/browser';

const base = inject('baseUrl');
const port = inject('port');
const browser = useBrowser();

describe('mobile bare page', () => {
  for (const url of [`${base}/next/passenger`, `http://${chinaHost}:${port}/next/device/2`]) {
    it(`${url.replace(/:\d+/, '')} has no shell and no script but keeps its metadata`, async () => {
      const { page, context, console } = await openPage(browser(), url, {
        userAgent: iphoneUserAgent,
        width: 375,
        height: 812,
      });
      expect(await page.locator('header, footer, .float-tool').count()).toBe(0);
      // JSON-LD blocks are data for search engines, not scripts that run.
      expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);
      expect(await page.title()).toMatch(/寻境 Indora/);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('meta[name="keywords"]').getAttribute('content')).toBeTruthy();
      expect(await page.locator('h1').count()).toBe(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(console.messages).toEqual([]);
      await context.close();
    });
  }
});

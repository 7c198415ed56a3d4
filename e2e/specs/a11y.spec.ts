// axe-core (all WCAG A/AA rules and best practices) on the shell, with dropdowns and the popup
// open as well as closed: no serious or critical violation.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { iphoneUserAgent, waitForHydration, useBrowser } from '../helpers/browser';

const base = inject('baseUrl');
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const browser = useBrowser();

interface AxeViolation {
  id: string;
  impact: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (o: object) => Promise<{ violations: unknown[] }> } }
    ).axe.run({
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function open(path: string, userAgent?: string) {
  // axe is injected as an inline script, which the site's CSP rightly forbids.
  const context = await browser().newContext({
    bypassCSP: true,
    viewport: { width: 1440, height: 900 },
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  return { context, page };
}

describe('accessibility', () => {
  for (const path of [
    '/next/',
    '/next/map',
    '/next/notice',
    '/next/privacy',
    '/next/device/8',
    '/next/device/99',
  ]) {
    it(`${path} has no serious or critical axe violation`, async () => {
      const { context, page } = await open(path);
      await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('open dropdown, open QR popover and open hotline popup are clean too', async () => {
    const { context, page } = await open('/next/');
    await waitForHydration(page);
    await page.getByRole('button', { name: '产品服务' }).hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '企业微信' }).hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '商务咨询' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the mobile bare page is clean', async () => {
    const { context, page } = await open('/next/map', iphoneUserAgent);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

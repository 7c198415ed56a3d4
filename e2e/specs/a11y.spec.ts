// axe-core (all WCAG A/AA rules and best practices) on the shell, with dropdowns and the popup
// open as well as closed: no serious or critical violation.
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { iphoneUserAgent, waitForHydration, useBrowser } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

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

  it('open dropdown, open QR popover and the consultation popup (with form errors) are clean too', async () => {
    const { context, page } = await open('/next/');
    await waitForHydration(page);
    await page.getByRole('button', { name: '产品服务' }).hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '企业微信' }).hover();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('.float-tool__consult').click();
    await page.locator('dialog.consult-dialog').waitFor({ state: 'visible' });
    expect(await seriousViolations(page)).toEqual([]);
    // The enquiry form in the popup with every field in error.
    await page.locator('#consult-lead-form .lead-form__submit').click();
    await page.locator('#consult-lead-form-name-error:not(:empty)').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the mobile bare page is clean', async () => {
    const { context, page } = await open('/next/map', iphoneUserAgent);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

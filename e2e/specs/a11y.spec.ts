// axe-core (all WCAG A/AA rules and best practices) on the shell with its dropdowns and the popup
// open: no serious or critical violation. Every page as it loads, on a desktop and a phone, is
// audited by every-page.spec.ts.
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { waitForHydration, useBrowser } from '../helpers/browser';

const base = inject('baseUrl');
const browser = useBrowser();

async function open(path: string) {
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  return { context, page };
}

describe('accessibility', () => {
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
});

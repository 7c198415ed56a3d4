// axe-core (all WCAG A/AA rules and best practices) on the shell with its dropdowns and the popup
// open: no serious or critical violation. Every page as it loads, on a desktop and a phone, is
// audited by every-page.spec.ts. The audit runs only the rules that can report something serious
// (helpers/axe.ts): a picture without alt text and grey text on white must still be reported.
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

  it('still reports what is serious: a picture without alt text, grey text on white', async () => {
    const { context, page } = await open('/next/notice');
    await page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      const picture = document.createElement('img');
      picture.src = '/next/favicon.svg';
      picture.width = picture.height = 16;
      const faint = document.createElement('p');
      faint.textContent = '几乎看不见的文字';
      faint.style.color = '#ddd';
      faint.style.background = '#fff';
      main.append(picture, faint);
    });
    const found = (await seriousViolations(page)).map((violation) => violation.split(' ')[0]);
    expect(found).toEqual(['color-contrast', 'image-alt']);
    await context.close();
  });
});

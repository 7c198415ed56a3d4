// The live demo on the English pages (issue #35): its words, the places' names and the route
// steps are English, a search by a place's English name finds it, and a guide screen's QR code
// hands its route, told in English, over to the English page, which brings its first frame.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../helpers/browser';
import {
  firstDraw,
  handoverAddress,
  kioskId,
  openDemo as open,
  openOnPhone,
  stepTexts as stepsOf,
} from '../helpers/demo';

const base = inject('baseUrl');
const browser = useBrowser();

const stepTexts = (page: Page) => stepsOf(page, 'Route steps');

const openDemo = (path: string, start: string) => open(browser(), `${base}${path}`, start);

describe('the live demo in English', () => {
  it('speaks English and finds Starbucks by its English name', async () => {
    const { page, context, console } = await openDemo('/next/en/search', 'Try it');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const search = page.getByRole('combobox', { name: 'Search places' });
    await search.fill('Starbucks');
    const option = page.getByRole('option', { name: /Starbucks/ });
    await option.first().waitFor();
    await option.first().click();
    await page.getByRole('dialog', { name: /Starbucks/ }).waitFor();
    expect(console.messages).toEqual([]);
    await context.close();
  });

  it('hands a guide screen’s route over to the English page through its QR code', async () => {
    const { page, context } = await openDemo(
      `/next/en/demo/kiosk/${kioskId}`,
      'Tap the screen to start navigating',
    );
    await page.getByRole('button', { name: 'Haidilao' }).first().click();
    const code = page.getByRole('img', { name: /^QR code: .*Haidilao/ });
    const address = await handoverAddress(page, code);
    expect(address).toMatch(/\/next\/en\/demo\?venue=demo-mall&from=[0-9a-f-]+&to=[0-9a-f-]+$/);
    const handedOver = new URL(address!);
    const kioskSteps = await stepTexts(page);
    expect(kioskSteps[0]).toMatch(/^Start at /);
    expect(kioskSteps.at(-1)).toMatch(/Haidilao; your destination is on your (left|right)|ahead/);
    expect(kioskSteps.join(' ')).not.toMatch(/\p{Script=Han}/u);
    await context.close();

    const phone = await openOnPhone(browser(), base, handedOver);
    expect(await phone.page.locator('html').getAttribute('lang')).toBe('en');
    await firstDraw(phone.page);
    // The English page brings its first frame too: the route is drawn before any API request.
    await phone.page.waitForFunction(
      () => performance.getEntriesByName('demo:first-route').length > 0,
    );
    const asked = await phone.page.evaluate(() => {
      const drawn = performance.getEntriesByName('demo:first-route')[0]!.startTime;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/venues/') && entry.startTime < drawn)
        .map((entry) => entry.name);
    });
    expect(asked).toEqual([]);
    await phone.page.getByRole('list', { name: 'Route steps' }).waitFor();
    expect(await stepTexts(phone.page)).toEqual(kioskSteps);
    expect(phone.console.messages).toEqual([]);
    await phone.context.close();
  });
});

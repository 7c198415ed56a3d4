// What the live demo's specs share: the mall's first guide screen and sample route, the viewer's
// first drawn frame, a route's steps as the panel lists them, and how long a device plan may
// take.
import type { Browser, Locator, Page } from 'playwright-core';
import { iphoneUserAgent, openPage, waitForHydration } from './browser';
import { decodeQr } from './qr';

/** The mall's first guide screen (content/venues/demo-mall/venue.toml). */
export const kioskId = 'c7d5c02b-5c55-4c6e-9622-79d4a7498715';

/** The mall's sample route (content/venues/demo-mall/venue.toml) as a guide screen's QR code
 * hands it over: a scanned route's page (issue #34). */
export const scannedRoute =
  '/next/demo?venue=demo-mall&from=B2-015&to=8b2b5d96-5b06-4089-9095-4bd8e7c0cda3';

// Bounds for a hang, not for speed. A device plan takes 1-5 s of a core alone; beside the Rust
// build, the server's tests and the other browser run its thread gets a small share of one: the
// mall's two plans took 31-58 s in fresh clones' runs, and the second alone more than 60 s on
// 2026-12-03's slow host (17 s beside six busy loops, where it takes 3-4 s alone).
/** How long a spec waits for a device plan. */
export const planned = { timeout: 150_000 };
/** The options of tests that wait for plans: room for two and the rest of a test's steps. */
export const withPlans = { timeout: 400_000 };

/**
 * Waits for the viewer's first drawn frame (the mark it leaves in the performance timeline), or
 * its first frame with the route (`demo:first-route`, a hand-over page's). When none comes, the
 * error says what the demo shows and what the page fetched for it, with status and time: a CI run
 * once waited in vain and said nothing more.
 */
export async function firstDraw(
  page: Page,
  mark: 'demo:first-draw' | 'demo:first-route' = 'demo:first-draw',
) {
  try {
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, {
      timeout: 20_000,
    });
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        demo: [...document.querySelectorAll<HTMLElement>('.venue-demo')]
          .map((demo) => `${demo.className}: ${demo.innerText.replace(/\s+/g, ' ').slice(0, 200)}`)
          .join(' | '),
        fetched: performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .filter((entry) => /\/api\/|\/assets\/viewer/.test(entry.name))
          .map(
            (entry) =>
              `${entry.name} ${entry.responseStatus} at ${Math.round(entry.startTime)} ms, ${Math.round(entry.duration)} ms`,
          ),
      }))
      .catch((reason: unknown) => ({ demo: `unreadable: ${String(reason)}`, fetched: [] }));
    throw new Error(
      `no ${mark} within 20 s; the demo: ${seen.demo || 'none'}; fetched: ${seen.fetched.join(', ') || 'nothing'}`,
      { cause: error },
    );
  }
}

/** The steps of the route panel's list, named `label` in the page's language. */
export const stepTexts = (page: Page, label: string) =>
  page.getByRole('list', { name: label }).getByRole('listitem').allInnerTexts();

/** The address a guide screen's QR code `code` holds, read once its picture has loaded. */
export async function handoverAddress(page: Page, code: Locator): Promise<string | null> {
  await code.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('.demo img[src*="handover"]') as HTMLImageElement)?.complete,
  );
  return decodeQr(code);
}

/** A handed-over `address` opened on an iPhone-sized screen, from the server under test. */
export function openOnPhone(browser: Browser, base: string, address: URL) {
  return openPage(browser, `${base}${address.pathname}${address.search}`, {
    userAgent: iphoneUserAgent,
    width: 390,
    height: 844,
  });
}

/** A demo page opened from the server under test, its viewer started by the button `start`. */
export async function openDemo(
  browser: Browser,
  url: string,
  start: string,
  options: { userAgent?: string; width?: number; height?: number } = {},
) {
  const opened = await openPage(browser, url, options);
  await waitForHydration(opened.page);
  await opened.page.getByRole('button', { name: start, exact: true }).click();
  await firstDraw(opened.page);
  return opened;
}

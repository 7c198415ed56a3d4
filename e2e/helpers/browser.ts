// Debian's Chromium driven by playwright-core (nothing downloads a browser). Every page load's
// console errors and warnings are collected so specs can require a clean console: failed
// requests, CSP violations and script errors all land there.
import {
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
  chromium,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const chinaHost = 'www.indora.cn';

export const desktopUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
export const iphoneUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** An iPhone-sized touch screen (390 x 844): the context options of the specs' phone cases. */
export const iphone = {
  userAgent: iphoneUserAgent,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

export interface Session {
  browser: Browser;
  close(): Promise<void>;
}

export async function launch(): Promise<Session> {
  // Playwright gives every launch a fresh, empty --user-data-dir of its own and deletes it on
  // close (it refuses one passed in args), so no profile survives between runs.
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The China variant is chosen by Host: send its name to loopback, nothing else anywhere.
      `--host-resolver-rules=MAP ${chinaHost} 127.0.0.1, MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost`,
      '--disable-features=HttpsUpgrades',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** One Chromium for the calling spec file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let session: Session | undefined;
  beforeAll(async () => {
    session = await launch();
  });
  afterAll(async () => {
    await session?.close();
  });
  return () => {
    if (!session) throw new Error('the browser is launched in beforeAll; use it inside tests');
    return session.browser;
  };
}

/**
 * The server runs with its production origins (https) while the tests reach it over plain http
 * under the sites' host names, as a TLS front proxy would; Chromium then ignores the
 * Cross-Origin-Opener-Policy header with this error. Visitors come over https, and on
 * 127.0.0.1 Chromium applies the header, so only this test set-up sees it.
 */
function isPlainHttpOpenerPolicy(text: string): boolean {
  return text.startsWith('The Cross-Origin-Opener-Policy header has been ignored, because the URL');
}

/** A console error or warning, or a script error, with the address of the page it came from. */
export interface ConsoleEntry {
  text: string;
  /**
   * The page's address when the message arrived. Chromium reports an unused preload a few seconds
   * after the page's load event, so a tab that has moved on can still hear from the page before
   * it until the next one commits (CI failed on that on 2026-12-03).
   */
  page: string;
}

export interface ConsoleLog {
  entries: ConsoleEntry[];
  /** The entries' texts. */
  readonly messages: string[];
}

/**
 * The console errors and warnings and the script errors of the pages `page` shows from now on.
 * A tab that opens page after page (the every-page sweep) empties `entries` between them.
 */
export function watchConsole(page: Page): ConsoleLog {
  const log: ConsoleLog = {
    entries: [],
    get messages() {
      return this.entries.map((entry) => entry.text);
    },
  };
  const record = (text: string) => log.entries.push({ text, page: page.url() });
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // A 404 page reports its own status as a failed load: that is the page working.
    const ownStatus =
      message.text().startsWith('Failed to load resource') && message.location().url === page.url();
    if (!ownStatus && !isPlainHttpOpenerPolicy(message.text())) {
      record(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => record(`pageerror: ${error.message}`));
  return log;
}

export async function openPage(
  browser: Browser,
  url: string,
  options: {
    userAgent?: string;
    width?: number;
    height?: number;
    reducedMotion?: 'reduce' | 'no-preference';
    /** false: the page as a visitor without JavaScript gets it. */
    javaScript?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; console: ConsoleLog; response: Response }> {
  const context = await browser.newContext({
    userAgent: options.userAgent ?? desktopUserAgent,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = await context.newPage();
  const log = watchConsole(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response) throw new Error(`no response for ${url}`);
  return { context, page, console: log, response };
}

/**
 * A page on an iPhone-sized touch screen (390 x 844), hydrated: the phone cases of the demo's
 * specs, which tap and touch rather than click.
 */
export async function openPhone(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(iphone);
  const page = await context.newPage();
  await page.goto(url);
  await waitForHydration(page);
  return { context, page };
}

/** Islands hydrate after load; entry-client marks each one when it responds. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((island) =>
      island.hasAttribute('data-hydrated'),
    ),
  );
}

// Lighthouse's mobile profile as the browser benchmarks apply it (bench/demo.mjs,
// bench/demo-ab.mjs, bench/demo-tasks.mjs): its phone (user agent and screen), Slow 4G (562.5 ms
// latency, 1,474.56 kbps down, 675 kbps up) and 4x CPU (CPU_SLOWDOWN=<rate> for another); and
// the Chromium they drive.
import { createRequire } from 'node:module';
import { lighthouseBenchmarkIndex } from './host-speed.mjs';

const require = createRequire(new URL('../e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

/** Debian's Chromium, headless, through the e2e folder's playwright-core; `extraArgs` after ours. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export const phone = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export const slow4g = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

/**
 * The CPU slowdown: Lighthouse's 4x, or CPU_SLOWDOWN's, to compare with a run on a host of
 * another speed. Lighthouse's advice for a slower host is a smaller rate: the host's
 * BenchmarkIndex (host-speed.mjs) over the phone's, about 440 (1,750 / 4).
 */
export const cpuSlowdown = Number(process.env.CPU_SLOWDOWN ?? 4);

/** Slows a page's network to Slow 4G and its CPU by `cpuSlowdown`, through its DevTools session. */
export async function throttle(cdp) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/** The host's CPU as Lighthouse rates it (host-speed.mjs), in a blank unthrottled page. */
export async function benchmarkIndex(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const index = await page.evaluate(lighthouseBenchmarkIndex);
  await context.close();
  return index;
}

/**
 * The mall's sample route as a guide screen's QR code names it (the venue's `samples`): the
 * hand-over address the browser benchmarks open, as a path.
 */
export async function handOverAddress(origin) {
  const { samples } = await (await fetch(`${origin}/api/venues/demo-mall`)).json();
  return `/next/demo?venue=demo-mall&from=${samples.routeFrom}&to=${samples.routeTo}`;
}

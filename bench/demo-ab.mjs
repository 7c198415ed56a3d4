// The demo's start-up timings on several servers, interleaved round by round (bench/demo-ab.sh):
// "试一试" on the phone's demo page to the first drawn level, and a guide screen's hand-over
// address to the page's load event, to the first drawn route and the main thread's blocking
// time in its first seconds, on Lighthouse's mobile throttling (Slow 4G, 4x CPU, its phone).
// Prints each origin's medians and runs, and the host's CPU as Lighthouse rates it.
//   node bench/demo-ab.mjs <rounds> <origin> <origin> ...
import { median } from './measure.mjs';
import { benchmarkIndex, handOverAddress, launchChromium, phone, throttle } from './mobile.mjs';

const [rounds, ...origins] = process.argv.slice(2);
if (!Number(rounds) || origins.length < 2) {
  throw new Error('usage: node bench/demo-ab.mjs <rounds> <origin> <origin> ...');
}

const browser = await launchChromium();

async function throttled() {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  await throttle(await context.newCDPSession(page));
  return { context, page };
}

const marked = (page, name) =>
  page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, {
    timeout: 60_000,
  });

// How long after the load event the visitor presses (PRESS_AFTER_MS): 300 ms is a visitor who
// presses at once, before what the page asks for once idle has come; a reader presses later.
const pressAfter = Number(process.env.PRESS_AFTER_MS ?? 300);

async function press(origin) {
  const { context, page } = await throttled();
  await page.goto(`${origin}/next/demo`, { waitUntil: 'load' });
  await page.waitForTimeout(pressAfter);
  const pressedAt = await page.evaluate(() => {
    const at = performance.now();
    document.querySelector('.venue-demo__button').click();
    return at;
  });
  await marked(page, 'demo:first-draw');
  const drawnAt = await page.evaluate(
    () => performance.getEntriesByName('demo:first-draw')[0].startTime,
  );
  await context.close();
  return drawnAt - pressedAt;
}

// How long the page keeps a tap waiting after its first paint: Lighthouse's Total Blocking Time
// (each task's time past 50 ms), from the tasks the throttled browser itself reports rather
// than Lighthouse's simulation, up to this long after the first drawn route (the navigation
// then walks on its own).
const blockingWindow = 3_000;

async function handOver(origin, address) {
  const { context, page } = await throttled();
  await page.addInitScript(() => {
    const tasks = [];
    window.__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${origin}${address}`, { waitUntil: 'commit' });
  await marked(page, 'demo:first-route');
  await page.waitForFunction(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0);
  const route = await page.evaluate(
    () => performance.getEntriesByName('demo:first-route')[0].startTime,
  );
  const until = route + blockingWindow;
  await page.waitForFunction((end) => performance.now() > end, until);
  const { load, blocking } = await page.evaluate((end) => {
    const painted = performance.getEntriesByName('first-contentful-paint')[0].startTime;
    let blocking = 0;
    for (const [start, duration] of window.__longTasks) {
      const from = Math.max(start, painted);
      const to = Math.min(start + duration, end);
      if (to - from > 50) blocking += to - from - 50;
    }
    return { load: performance.getEntriesByType('navigation')[0].loadEventEnd, blocking };
  }, until);
  await context.close();
  return { load, route, blocking };
}

// The mall's sample route, as a guide screen's QR code names it; each server's page is asked
// for twice first, so the shared parts are compressed at best as every phone but the first gets.
const address = await handOverAddress(origins[0]);
for (const origin of origins) {
  for (let warm = 0; warm < 2; warm += 1) {
    await fetch(`${origin}${address}`, { headers: { 'user-agent': phone.userAgent } });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

const indexBefore = await benchmarkIndex(browser);
const runs = new Map(
  origins.map((origin) => [origin, { press: [], load: [], route: [], blocking: [] }]),
);
for (let round = 0; round < Number(rounds); round += 1) {
  for (const origin of origins) {
    const mine = runs.get(origin);
    mine.press.push(await press(origin));
    const { load, route, blocking } = await handOver(origin, address);
    mine.load.push(load);
    mine.route.push(route);
    mine.blocking.push(blocking);
  }
}
const indexAfter = await benchmarkIndex(browser);
await browser.close();

console.log(
  `host CPU, Lighthouse's BenchmarkIndex (bench/mobile.mjs): ${indexBefore} before, ${indexAfter} after`,
);
const show = (list) => `${Math.round(median(list))} ms (runs ${list.map(Math.round).join(', ')})`;
for (const [origin, mine] of runs) {
  console.log(origin);
  console.log(
    `  "试一试" ${pressAfter} ms after load to the first drawn level: ${show(mine.press)}`,
  );
  console.log(`  QR hand-over to the load event: ${show(mine.load)}`);
  console.log(`  QR hand-over to the first drawn route: ${show(mine.route)}`);
  console.log(
    `  QR hand-over, blocking time from the first paint to ${blockingWindow / 1000} s after the ` +
      `route: ${show(mine.blocking)}`,
  );
}

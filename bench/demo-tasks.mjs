// Where the hand-over page's main thread spends its time after the first paint (issue #34): the
// page opened on Lighthouse's phone, unthrottled, in a fresh context, traced by Chromium until
// 3 s after the first drawn route. Lighthouse observes a page unthrottled and slows each task
// 4x in its simulation, so a task here past 12.5 ms is a long task there; the estimate below is
// its Total Blocking Time so counted (sum of 4 x a task's time past 50 ms, after the first
// paint), which reads higher than Lighthouse's own (its simulation re-times the tasks): compare
// runs of this script, not this figure with the audit. Then what those tasks hold, and the steps
// of the first render that drew a level, as the renderer measures them (web/src/demo/render/
// marks.ts). Medians of the runs, each run's figures beside them.
// The server should have compressed its answers at best first ("compressed at best" in its log):
// that work takes a core for a minute after a start.
//   node bench/demo-tasks.mjs <origin> [runs, default 7]
import { median } from './measure.mjs';
import { benchmarkIndex, handOverAddress, launchChromium, phone } from './mobile.mjs';

const [origin, runsArg = '7'] = process.argv.slice(2);
if (!origin?.startsWith('http') || !Number(runsArg)) {
  throw new Error('usage: node bench/demo-tasks.mjs <origin> [runs]');
}

const address = `${origin}${await handOverAddress(origin)}`;

const browser = await launchChromium();

const categories = 'toplevel,devtools.timeline,blink.user_timing,loading,fonts';
/** What the tasks hold, by trace event: each a total of its events' times, in ms. */
const parts = {
  layout: 'Layout',
  style: 'UpdateLayoutTree',
  paint: 'Paint',
  script: 'FunctionCall',
  'font look-ups': 'FontCache::GetFontPlatformData',
  'font render styles': 'WebSandboxSupportLinux::GetWebFontRenderStyleForStrike',
};

async function trace() {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  // The Chrome DevTools Protocol alone: Playwright's own waits put a script of its own into the
  // page, whose compile would be counted as the page's.
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await page.goto(address, { waitUntil: 'load' });
  const routeDrawn = "performance.getEntriesByName('demo:first-route').length > 0";
  for (let tries = 0; ; tries += 1) {
    const { result } = await cdp.send('Runtime.evaluate', { expression: routeDrawn });
    if (result.value) break;
    if (tries > 300) throw new Error('no drawn route within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: `JSON.stringify(performance.getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('demo:first-draw:'))
      .map((entry) => [entry.name.slice('demo:first-draw:'.length), entry.duration]))`,
  });
  await cdp.send('Tracing.end');
  await complete;
  await context.close();

  const main = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint');
  const after = events
    .filter(
      (event) =>
        event.ph === 'X' && main.has(`${event.pid}:${event.tid}`) && event.ts > firstPaint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  // The main thread's tasks, outermost only (a task may run another inside it).
  const tasks = [];
  let end = 0;
  for (const event of after.filter((each) => each.name === 'ThreadControllerImpl::RunTask')) {
    if (event.ts < end) continue;
    end = event.ts + event.dur;
    tasks.push(event.dur / 1000);
  }
  const total = (name) =>
    after.filter((event) => event.name === name).reduce((sum, event) => sum + event.dur / 1000, 0);
  const figures = {
    'main thread after the first paint': tasks.reduce((sum, ms) => sum + ms, 0),
    'tasks past 12.5 ms': tasks.filter((ms) => ms > 12.5).length,
    'blocking time so estimated': tasks.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0),
    'longest task': Math.max(...tasks),
  };
  for (const [label, name] of Object.entries(parts)) figures[label] = total(name);
  figures['font render-style queries'] = after.filter(
    (event) => event.name === parts['font render styles'],
  ).length;
  for (const [step, ms] of JSON.parse(result.value)) figures[`first render: ${step}`] = ms;
  return figures;
}

const before = await benchmarkIndex(browser);
const runs = [];
for (let run = 0; run < Number(runsArg); run += 1) runs.push(await trace());
const afterIndex = await benchmarkIndex(browser);
await browser.close();

console.log(`${address}, unthrottled; host CPU (Lighthouse's BenchmarkIndex) ${before} before,`);
console.log(`${afterIndex} after; median (runs), ms unless counted`);
for (const label of Object.keys(runs[0])) {
  const values = runs.map((figures) => figures[label] ?? 0);
  const shown = (value) => (Number.isInteger(value) ? value : value.toFixed(1));
  console.log(`  ${label}: ${shown(median(values))} (${values.map(shown).join(', ')})`);
}

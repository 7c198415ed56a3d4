// Performance marks the benchmarks read (bench/demo.mjs, issue #34): the first frame that drew a
// level and the first that drew a route, once per page, and how long that first render's steps
// took (bench/demo-tasks.mjs): where its time goes decides what a drawing worker would take off
// the page's main thread. What can wait for the first frame (the route's other levels) waits
// for its mark.
type MarkName = 'demo:first-draw' | 'demo:first-route';

/** The steps of a render, in the order it runs them. */
export type RenderStep = 'labels' | 'paint' | 'present';

const marked = new Set<MarkName>();
const waiting = new Map<MarkName, (() => void)[]>();
/** Each step's start and end in the last render that ran it. */
const steps = new Map<RenderStep, [number, number]>();

/** Runs one step of a render and keeps its times, for the first draw's measures. */
export function timeStep<T>(step: RenderStep, run: () => T): T {
  const start = performance.now();
  const result = run();
  steps.set(step, [start, performance.now()]);
  return result;
}

/** Marks `name`'s frame once; the first drawn level also as its steps, `demo:first-draw:<step>`. */
export function markOnce(name: MarkName) {
  if (marked.has(name)) return;
  marked.add(name);
  if (name === 'demo:first-draw') {
    for (const [step, [start, end]] of steps) {
      performance.measure(`${name}:${step}`, { start, end });
    }
  }
  performance.mark(name);
  for (const resume of waiting.get(name) ?? []) resume();
  waiting.delete(name);
}

/** Resolves once the page has drawn `name`'s frame (at once when it has). */
export function whenMarked(name: MarkName): Promise<void> {
  if (marked.has(name)) return Promise.resolve();
  return new Promise((resolve) => waiting.set(name, [...(waiting.get(name) ?? []), resolve]));
}

/**
 * Resolves once the page has loaded and drawn `name`'s frame, or `ms` after the load event should
 * the frame not come: for work that waits for the first frame but not for ever. Never before the
 * load event: a file asked for before it holds the event back by a round trip.
 */
export async function loadedAndMarked(name: MarkName, ms: number): Promise<void> {
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  await Promise.race([whenMarked(name), new Promise((resolve) => setTimeout(resolve, ms))]);
}

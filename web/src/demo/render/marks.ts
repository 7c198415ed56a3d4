// Performance marks the benchmarks read (bench/demo.mjs, issue #34): the first frame that drew a
// level and the first that drew a route, once per page. What can wait for the first frame (the
// route's other levels) waits for its mark.
type MarkName = 'demo:first-draw' | 'demo:first-route';

const marked = new Set<MarkName>();
const waiting = new Map<MarkName, (() => void)[]>();

export function markOnce(name: MarkName) {
  if (marked.has(name)) return;
  marked.add(name);
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

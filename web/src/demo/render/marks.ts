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

/** Resolves once `name`'s frame is drawn, or `ms` after the page's load event if that is sooner:
 * for work that waits for the first frame but must not wait for ever should it never come. */
export function markedOrLater(name: MarkName, ms: number): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  const late = loaded.then(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return Promise.race([whenMarked(name), late]);
}

// Performance marks the benchmarks read (bench/demo.mjs, issue #34): the first frame that drew a
// level and the first that drew a route, once per page.
const marked = new Set<string>();

export function markOnce(name: 'demo:first-draw' | 'demo:first-route') {
  if (marked.has(name)) return;
  marked.add(name);
  performance.mark(name);
}

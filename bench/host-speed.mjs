// The host's CPU as Lighthouse rates it: its BenchmarkIndex, a string build and an array copy for
// half a second each, written after Lighthouse's own (its page functions). Higher is faster;
// Lighthouse's throttling guide puts a high-end desktop at 1,500-2,000 and picked its 4x CPU
// slowdown to make such a desktop run like a mid-tier phone, so on a slower host the same 4x
// emulates a slower phone. The browser benchmarks run it in a blank page (mobile.mjs), and
// scripts/test in Node at its start and end, so that runs on different days and hours can be
// told apart by their host.
//   node bench/host-speed.mjs
import { fileURLToPath } from 'node:url';

/** Lighthouse's BenchmarkIndex; self-contained, so that a page can evaluate it too. */
export function lighthouseBenchmarkIndex() {
  const rate = (start, iterations) => iterations / 10 / ((Date.now() - start) / 1000);
  const strings = () => {
    const start = Date.now();
    let iterations = 0;
    while (Date.now() - start < 500) {
      let s = '';
      for (let j = 0; j < 10000; j += 1) s += 'a';
      if (s.length === 1) throw new Error('keeps the loop from being optimised away');
      iterations += 1;
    }
    return rate(start, iterations);
  };
  const arrays = () => {
    const a = [];
    const b = [];
    for (let i = 0; i < 100000; i += 1) a[i] = b[i] = i;
    const start = Date.now();
    let iterations = 0;
    // The clock read every tenth copy, as Lighthouse reads it.
    while (iterations % 10 !== 0 || Date.now() - start < 500) {
      const [from, to] = iterations % 2 === 0 ? [a, b] : [b, a];
      for (let j = 0; j < from.length; j += 1) to[j] = from[j];
      iterations += 1;
    }
    return rate(start, iterations);
  };
  return (Math.round(strings()) + Math.round(arrays())) / 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(lighthouseBenchmarkIndex());

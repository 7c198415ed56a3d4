// Runs `work` on every item, one item at a time per worker (a browser tab, say), all workers at
// once: a page spends much of its load waiting (network, idle callbacks, hydration), which
// another tab can use.
export async function forEachConcurrently<T, W>(
  items: readonly T[],
  workers: readonly W[],
  work: (item: T, worker: W) => Promise<void>,
): Promise<void> {
  // One iterator shared by every worker: each takes the next item when it is free.
  const pending = items.values();
  await Promise.all(
    workers.map(async (worker) => {
      for (const item of pending) await work(item, worker);
    }),
  );
}

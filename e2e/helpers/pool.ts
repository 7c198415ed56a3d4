// Runs `work` on every item with at most `limit` at a time, in the browser's spare time: a page
// spends much of its load waiting (network, idle callbacks, hydration), which another tab can use.
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, worker: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async (index: number): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      await work(item, index);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, (_, index) => worker(index)),
  );
}

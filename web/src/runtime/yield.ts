// Ends the running task so the browser can paint and answer input before the rest runs: a task
// longer than 50 ms blocks a phone's taps (Lighthouse's total blocking time, issue #34). The
// scheduler's yield keeps the rest ahead of other queued work; where it is missing, a message
// to ourselves is the next task without setTimeout's clamping.
interface Scheduler {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Resolves when the browser is idle (at the latest after `timeout` ms), for work that can wait. */
export function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 200);
  });
}

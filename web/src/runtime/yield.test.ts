import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, yieldToMain } from './yield';

const global = globalThis as { scheduler?: { yield?: () => Promise<void> } };

describe('yieldToMain', () => {
  afterEach(() => {
    delete global.scheduler;
  });

  it('resumes in a later task: microtasks queued after it run first', async () => {
    const order: string[] = [];
    const resumed = yieldToMain().then(() => order.push('resumed'));
    queueMicrotask(() => order.push('microtask'));
    void Promise.resolve().then(() => order.push('promise'));
    await resumed;
    expect(order).toEqual(['microtask', 'promise', 'resumed']);
  });

  it("uses the scheduler's yield where the browser has one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    global.scheduler = { yield: schedulerYield };
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle', () => {
  it('resolves after a short wait where there is no idle callback', async () => {
    vi.useFakeTimers();
    try {
      let idle = false;
      void whenIdle().then(() => (idle = true));
      await vi.advanceTimersByTimeAsync(150);
      expect(idle).toBe(false);
      await vi.advanceTimersByTimeAsync(100);
      expect(idle).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { expect, it, vi } from 'vitest';
import { markOnce } from './marks';

it('marks the first frame with a level and the first with a route, each once', () => {
  markOnce('demo:first-draw');
  markOnce('demo:first-draw');
  markOnce('demo:first-route');
  expect(performance.getEntriesByName('demo:first-draw')).toHaveLength(1);
  expect(performance.getEntriesByName('demo:first-route')).toHaveLength(1);
});

it('lets what waits for the first frame go once it is drawn, and at once after', async () => {
  // A page of its own: the marks above are set for good in the module they used.
  vi.resetModules();
  const { markOnce, whenMarked } = await import('./marks');
  const order: string[] = [];
  const before = whenMarked('demo:first-route').then(() => order.push('waited'));
  await Promise.resolve();
  expect(order).toEqual([]);
  markOnce('demo:first-route');
  await before;
  await whenMarked('demo:first-route').then(() => order.push('after'));
  expect(order).toEqual(['waited', 'after']);
});

it('lets what waits for a frame that never comes go a while after the load event', async () => {
  vi.resetModules();
  vi.useFakeTimers();
  try {
    const { loadedAndMarked } = await import('./marks');
    let gone = false;
    const waiting = loadedAndMarked('demo:first-draw', 3000).then(() => (gone = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(gone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(gone).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});

it("records the first drawn level's steps as measures, and no later render's", async () => {
  vi.resetModules();
  const { markOnce, timeStep } = await import('./marks');
  performance.clearMeasures();
  expect(timeStep('labels', () => 'placed')).toBe('placed');
  timeStep('paint', () => undefined);
  timeStep('present', () => undefined);
  markOnce('demo:first-draw');
  timeStep('paint', () => undefined);
  markOnce('demo:first-draw');
  const steps = performance.getEntriesByType('measure').map((entry) => entry.name);
  expect(steps).toEqual([
    'demo:first-draw:labels',
    'demo:first-draw:paint',
    'demo:first-draw:present',
  ]);
});

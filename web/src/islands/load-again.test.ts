import { afterEach, expect, it, vi } from 'vitest';
import { loadAgainOnFailure } from './load-again';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

function island() {
  document.body.insertAdjacentHTML('beforeend', '<div data-island="building-upload"></div>');
  return document.querySelector<HTMLElement>('[data-island]')!;
}

/** A load that fails `failures` times, then answers "code"; counts its attempts. */
function flaky(failures: number) {
  const load = vi.fn(() =>
    load.mock.calls.length <= failures
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve('code'),
  );
  return load;
}

/** Whether the promise has settled after the pending tasks have run. */
async function settled(promise: Promise<unknown>) {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 5));
  return done;
}

it('loads once when the first attempt succeeds', async () => {
  const load = flaky(0);
  expect(await loadAgainOnFailure(load, island(), [1])).toBe('code');
  expect(load).toHaveBeenCalledTimes(1);
});

it('tries again after each pause, and tells the console why', async () => {
  const told = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = flaky(2);
  expect(await loadAgainOnFailure(load, island(), [1, 1])).toBe('code');
  expect(load).toHaveBeenCalledTimes(3);
  expect(told).toHaveBeenCalledTimes(2);
  expect(String(told.mock.calls[0]![0])).toContain('building-upload');
});

it('once the pauses have run out, tries again only at a touch of the island or back online', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const element = island();
  const load = flaky(2);
  const code = loadAgainOnFailure(load, element, []);
  expect(await settled(code)).toBe(false);
  expect(load).toHaveBeenCalledTimes(1);
  // A touch elsewhere on the page is not the island's.
  document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  expect(await settled(code)).toBe(false);
  element.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  expect(await settled(code)).toBe(false);
  expect(load).toHaveBeenCalledTimes(2);
  window.dispatchEvent(new Event('online'));
  expect(await code).toBe('code');
  expect(load).toHaveBeenCalledTimes(3);
  // Loaded: later touches ask for nothing more.
  element.dispatchEvent(new Event('focusin', { bubbles: true }));
  await settled(code);
  expect(load).toHaveBeenCalledTimes(3);
});

import { afterEach, describe, expect, it, vi } from 'vitest';

describe('prefersReducedMotion', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('asks for the media query once and reads its answer each time, as the setting changes', async () => {
    const list = { matches: false };
    const matchMedia = vi.fn(() => list);
    vi.stubGlobal('matchMedia', matchMedia);
    const { prefersReducedMotion } = await import('./reduced-motion');
    expect(prefersReducedMotion()).toBe(false);
    list.matches = true;
    expect(prefersReducedMotion()).toBe(true);
    expect(matchMedia).toHaveBeenCalledTimes(1);
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
  });

  it('says no where the browser cannot tell', async () => {
    vi.stubGlobal('matchMedia', undefined);
    const { prefersReducedMotion } = await import('./reduced-motion');
    expect(prefersReducedMotion()).toBe(false);
  });
});

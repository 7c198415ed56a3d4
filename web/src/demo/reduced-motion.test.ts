import { expect, it, vi } from 'vitest';
import { reducedMotionReader } from './reduced-motion';

it('asks for the media query once and reads its answer each time, as the setting changes', () => {
  const list = { matches: false };
  const media = vi.fn(() => list);
  const reducedMotion = reducedMotionReader(media);
  expect(media).not.toHaveBeenCalled();
  expect(reducedMotion()).toBe(false);
  list.matches = true;
  expect(reducedMotion()).toBe(true);
  expect(media).toHaveBeenCalledTimes(1);
});

it('says no where the browser cannot tell', () => {
  const media = vi.fn(() => null);
  const reducedMotion = reducedMotionReader(media);
  expect(reducedMotion()).toBe(false);
  expect(reducedMotion()).toBe(false);
  expect(media).toHaveBeenCalledTimes(1);
});

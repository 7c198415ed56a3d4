import { expect, it } from 'vitest';
import { markOnce } from './marks';

it('marks the first frame with a level and the first with a route, each once', () => {
  markOnce('demo:first-draw');
  markOnce('demo:first-draw');
  markOnce('demo:first-route');
  expect(performance.getEntriesByName('demo:first-draw')).toHaveLength(1);
  expect(performance.getEntriesByName('demo:first-route')).toHaveLength(1);
});

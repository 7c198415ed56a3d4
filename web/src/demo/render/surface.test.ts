import { expect, it } from 'vitest';
import { innerTransform } from './surface';

it('shows a render without its margin at the view, inside a box that keeps its place', () => {
  // A 400 x 600 view, a box with 120 px each side: the render fills the middle 400 x 600.
  expect(innerTransform(400, 600, 0, 120)).toBe(
    'translate(120px, 120px) scale(0.625, 0.7142857142857143)',
  );
  expect(innerTransform(400, 600, 120, 120)).toBe('');
});

import { expect, it } from 'vitest';
import type { Camera } from '../projection';
import { placeNavigationDot } from './navigation-dot';

const camera: Camera = { x: 100, y: 50, scale: 2, bearing: 0, tilt: 0, width: 400, height: 300 };

it('puts the dot where the walk is, turned to its heading less the map bearing', () => {
  const element = document.createElement('div');
  element.hidden = true;
  placeNavigationDot(element, { x: 110, y: 50, heading: Math.PI / 2 }, camera);
  expect(element.hidden).toBe(false);
  // 10 dm east of the centre at 2 px a decimetre: 20 px right of the middle of the view.
  expect(element.style.transform).toBe('translate(220px, 150px) rotate(90deg)');
  placeNavigationDot(
    element,
    { x: 110, y: 50, heading: Math.PI / 2 },
    { ...camera, bearing: Math.PI / 2 },
  );
  expect(element.style.transform).toMatch(/rotate\(0deg\)$/);
  placeNavigationDot(element, null, camera);
  expect(element.hidden).toBe(true);
});

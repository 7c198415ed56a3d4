// The navigation's dot: an element over the map, moved by the compositor rather than drawn, so
// that it follows the walk every frame without a render.
import { type Camera, worldToScreen } from '../projection';
import type { TrackPoint } from '../route-track';

/** Puts `element` where `dot` is under `camera`, turned to its heading; hides it without one. */
export function placeNavigationDot(element: HTMLElement, dot: TrackPoint | null, camera: Camera) {
  if (!dot) {
    element.hidden = true;
    return;
  }
  const [sx, sy] = worldToScreen(camera, dot.x, dot.y);
  // The heading on screen: the map turns by the bearing.
  const angle = ((dot.heading - camera.bearing) * 180) / Math.PI;
  element.hidden = false;
  element.style.transform = `translate(${sx}px, ${sy}px) rotate(${angle}deg)`;
}

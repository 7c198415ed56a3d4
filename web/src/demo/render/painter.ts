// The order of a render's passes, back to front: the plan, the raised units (2.5D walls and
// roofs), the picked unit, the flow analytics' layers, then in screen space the labels' words, the
// route, the icons, the markers, the fences and the live dots.
import type { Context2D } from '../icons';
import type { Camera } from '../projection';
import { type Frame, setScreen } from './frame';
import { drawDots } from './draw-dots';
import { drawFences } from './draw-fences';
import { drawHeat, drawTaken } from './draw-heat';
import { drawIcons, drawLabels } from './draw-labels';
import { drawMarkers } from './draw-markers';
import { drawHighlight, drawPlan } from './draw-plan';
import { drawRoute } from './draw-route';
import { drawWalls } from './draw-walls';
import { timeStep } from './marks';

/**
 * Clears the render. Outside the level the canvas stays transparent over the map's own
 * background (styles/demo/map.css): one full-size fill less per render, and no seam where a
 * moved render leaves a gap.
 */
export function clear(c: Context2D, dpr: number, view: Camera) {
  setScreen({ c, dpr });
  c.clearRect(0, 0, view.width, view.height);
}

/** Draws every pass of a render (its time is the first drawn level's `paint` measure). */
export function paint(frame: Frame) {
  timeStep('paint', () => drawPasses(frame));
}

function drawPasses(frame: Frame) {
  drawPlan(frame);
  drawWalls(frame);
  drawHighlight(frame);
  drawHeat(frame);
  drawTaken(frame);
  setScreen(frame);
  const icons = drawLabels(frame);
  drawRoute(frame);
  drawIcons(frame, icons);
  drawMarkers(frame);
  drawFences(frame);
  drawDots(frame);
}

// The live positioning demo's layers: each tag's dot, coloured by technology, with a halo as wide
// as the filter's uncertainty; with the truth shown, a hollow ring where the tag really is and a
// thin line to it, so the error can be seen. Under them, a replayed track's line. Screen space.
import type { Context2D } from '../icons';
import { type LiveDot, technologyColours } from '../live-dots';
import { type Camera, worldToScreen } from '../projection';
import { type Frame, traceWorld } from './frame';
import type { MapLayers } from './layers';

export function drawDots({ c, view: camera, layers }: Frame) {
  drawTrackLine(c, camera, layers.liveLine);
  drawLiveDots(c, camera, layers.liveDots);
}

/** A replayed track's line on the level shown, under its dot. */
function drawTrackLine(c: Context2D, camera: Camera, line: MapLayers['liveLine']) {
  if (line.length < 2) return;
  c.save();
  c.strokeStyle = technologyColours.ble;
  c.globalAlpha = 0.55;
  c.lineWidth = 3;
  c.lineJoin = 'round';
  traceWorld(c, camera, line);
  c.stroke();
  c.restore();
}

function drawLiveDots(c: Context2D, camera: Camera, dots: readonly LiveDot[]) {
  for (const dot of dots) {
    const colour = technologyColours[dot.technology];
    const [sx, sy] = worldToScreen(camera, dot.x, dot.y);
    const [ex, ey] = worldToScreen(camera, dot.x + dot.spread, dot.y);
    const halo = Math.min(Math.max(Math.hypot(ex - sx, ey - sy), 8), 60);
    c.save();
    if (dot.truth) {
      const [tx, ty] = worldToScreen(camera, dot.truth.x, dot.truth.y);
      c.strokeStyle = colour;
      c.lineWidth = 1;
      c.beginPath();
      c.moveTo(sx, sy);
      c.lineTo(tx, ty);
      c.stroke();
      c.lineWidth = 2;
      c.beginPath();
      c.arc(tx, ty, 5, 0, Math.PI * 2);
      c.stroke();
    }
    c.globalAlpha = 0.16;
    c.fillStyle = colour;
    c.beginPath();
    c.arc(sx, sy, halo, 0, Math.PI * 2);
    c.fill();
    c.globalAlpha = 1;
    c.strokeStyle = '#ffffff';
    c.lineWidth = 2;
    c.beginPath();
    c.arc(sx, sy, 5.5, 0, Math.PI * 2);
    c.fill();
    c.stroke();
    c.restore();
  }
}

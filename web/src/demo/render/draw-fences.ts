// Fences over the map, screen space: the venue's own (dashed amber), then the one being drawn
// (red, dashed until closed, its corners marked).
import type { FenceOutline } from '../live-dots';
import type { Context2D } from '../icons';
import { type Camera, worldToScreen } from '../projection';
import { type Frame, traceWorld } from './frame';
import type { MapLayers } from './layers';

export function drawFences({ c, view: camera, layers }: Frame) {
  drawVenueFences(c, camera, layers.venueFences);
  drawFence(c, camera, layers.liveFence);
}

function drawFence(c: Context2D, camera: Camera, fence: FenceOutline | null) {
  if (!fence || fence.corners.length === 0) return;
  c.save();
  c.strokeStyle = '#dc2626';
  c.fillStyle = 'rgb(220 38 38 / 10%)';
  c.lineWidth = 2;
  c.setLineDash(fence.closed ? [] : [6, 4]);
  traceWorld(c, camera, fence.corners);
  if (fence.closed) {
    c.closePath();
    c.fill();
  }
  c.stroke();
  c.fillStyle = '#dc2626';
  for (const [x, y] of fence.corners) {
    const [sx, sy] = worldToScreen(camera, x, y);
    c.beginPath();
    c.arc(sx, sy, 3.5, 0, Math.PI * 2);
    c.fill();
  }
  c.restore();
}

/** The venue's own fences on the level (world units): dashed amber outlines, named by the panel. */
function drawVenueFences(c: Context2D, camera: Camera, rings: MapLayers['venueFences']) {
  if (rings.length === 0) return;
  c.save();
  c.strokeStyle = '#d97706';
  c.fillStyle = 'rgb(217 119 6 / 12%)';
  c.lineWidth = 2;
  c.setLineDash([8, 5]);
  for (const ring of rings) {
    traceWorld(c, camera, ring);
    c.closePath();
    c.fill();
    c.stroke();
  }
  c.restore();
}

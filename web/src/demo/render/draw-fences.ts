// Outlines over the map, screen space: a device plan's coverage gaps (dashed red, hatched), the
// venue's own fences (dashed amber), then the fence being drawn (red, dashed until closed, its
// corners marked).
import type { FenceOutline } from '../live-dots';
import type { Context2D } from '../icons';
import { type Camera, worldToScreen } from '../projection';
import { type Frame, traceWorld } from './frame';
import type { MapLayers } from './layers';

export function drawFences({ c, view: camera, layers }: Frame) {
  drawRings(c, camera, layers.gaps, gapStyle);
  drawRings(c, camera, layers.venueFences, fenceStyle);
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

interface RingStyle {
  stroke: string;
  fill: string;
  dash: number[];
}

/** The venue's own fences, named by the panel. */
const fenceStyle: RingStyle = { stroke: '#d97706', fill: 'rgb(217 119 6 / 12%)', dash: [8, 5] };
/** Where a plan's devices serve no one, named per level by the planning panel. */
const gapStyle: RingStyle = { stroke: '#b91c1c', fill: 'rgb(185 28 28 / 18%)', dash: [4, 3] };

/** Closed outlines on the level (world units). */
function drawRings(
  c: Context2D,
  camera: Camera,
  rings: MapLayers['venueFences'],
  style: RingStyle,
) {
  if (rings.length === 0) return;
  c.save();
  c.strokeStyle = style.stroke;
  c.fillStyle = style.fill;
  c.lineWidth = 2;
  c.setLineDash(style.dash);
  for (const ring of rings) {
    traceWorld(c, camera, ring);
    c.closePath();
    c.fill();
    c.stroke();
  }
  c.restore();
}

// The raised units. Flat, their outlines and then the doors. In 2.5D, the doors, then walls and
// roofs height class by height class: along any line of sight a higher surface is the nearer one,
// so this order is the painter's order. Walls are rebuilt only when the bearing or tilt changes.
import { clamp, roofShift, type Camera } from '../projection';
import type { StyleKey } from '../style';
import { type Frame, setWorld, pixel } from './frame';
import type { LevelPaths } from './level-paths';
import { drawDoors, paintGroup } from './draw-plan';

type Walls = Map<StyleKey, [front: Path2D, side: Path2D]>;

const built = new WeakMap<LevelPaths, { bearing: number; tilt: number; paths: Walls }>();

export function drawWalls(frame: Frame) {
  const { c, level, view } = frame;
  const px = pixel(frame);
  if (view.tilt <= 0.001) {
    for (const { groups } of level.raised) for (const group of groups) paintGroup(c, group, px);
    drawDoors(frame);
    return;
  }
  drawDoors(frame);
  const walls = wallPaths(level, view);
  for (const { height, groups } of level.raised) {
    setWorld(frame);
    for (const group of groups) {
      const pair = walls.get(group.key);
      if (!pair) continue;
      c.fillStyle = group.style.wall;
      c.fill(pair[0]);
      c.fillStyle = shade(group.style.wall, 0.9);
      c.fill(pair[1]);
    }
    setWorld(frame, height);
    for (const group of groups) paintGroup(c, group, px);
  }
  setWorld(frame);
}

/** The walls facing the viewer, as fronts and (shaded) sides per style group. */
function wallPaths(level: LevelPaths, cam: Camera): Walls {
  const cached = built.get(level);
  if (cached && cached.bearing === cam.bearing && cached.tilt === cam.tilt) return cached.paths;
  const paths: Walls = new Map();
  // Screen-up and screen-right directions in the world.
  const ux = Math.sin(cam.bearing);
  const uy = Math.cos(cam.bearing);
  const rx = Math.cos(cam.bearing);
  const ry = -Math.sin(cam.bearing);
  for (const { height, groups } of level.raised) {
    const [vx, vy] = roofShift(cam, height);
    for (const group of groups) {
      const front = new Path2D();
      const side = new Path2D();
      for (const unit of group.units) {
        for (const ring of unit.shape.g) {
          const n = ring.length;
          for (let i = 0; i < n; i += 2) {
            const x0 = ring[i] as number;
            const y0 = ring[i + 1] as number;
            const x1 = ring[(i + 2) % n] as number;
            const y1 = ring[(i + 3) % n] as number;
            // Outward normal (solid on the left of each edge, §2.3 winding).
            const nx = y1 - y0;
            const ny = x0 - x1;
            if (nx * ux + ny * uy >= 0) continue;
            const path = nx * rx + ny * ry > 0.35 * Math.hypot(nx, ny) ? side : front;
            path.moveTo(x0, y0);
            path.lineTo(x1, y1);
            path.lineTo(x1 + vx, y1 + vy);
            path.lineTo(x0 + vx, y0 + vy);
            path.closePath();
          }
        }
      }
      paths.set(group.key, [front, side]);
    }
  }
  built.set(level, { bearing: cam.bearing, tilt: cam.tilt, paths });
  return paths;
}

/** A hex colour darkened (factor < 1) or lightened. */
export function shade(hex: string, factor: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => clamp(Math.round(((value >> shift) & 255) * factor), 0, 255);
  return `rgb(${channel(16)} ${channel(8)} ${channel(0)})`;
}

// A plan's layout as the visitor changes it (issue #33): devices moved, added, copied or taken
// away, each change a new list (the map and the panel redraw from it), measured again by posting
// it to the plan's address (`POST /api/venues/{venue}/plan`, LayoutRequest).
import type { LayoutRequest, PlannedDevice, Technology } from '../../api-answers';
import { lonLatToWorld, worldToLonLat } from '../../projection';

export type Layout = readonly PlannedDevice[];

/** World units per metre: the venue's frame is in decimetres. */
const unitsPerMetre = 10;

/** The device of `level` nearest to (x, y) within `reach` (world units), by name. */
export function nearestDevice(
  layout: Layout,
  level: string,
  origin: [number, number],
  x: number,
  y: number,
  reach: number,
): string | null {
  let best: string | null = null;
  let bestDistance = reach;
  for (const device of layout) {
    if (device.level !== level) continue;
    const [dx, dy] = lonLatToWorld(origin, device.point);
    const distance = Math.hypot(dx - x, dy - y);
    if (distance <= bestDistance) {
      best = device.name;
      bestDistance = distance;
    }
  }
  return best;
}

/** `name` moved to (x, y), world units. */
export function moveDevice(
  layout: Layout,
  name: string,
  origin: [number, number],
  x: number,
  y: number,
): Layout {
  const point = worldToLonLat(origin, [x, y]);
  return layout.map((device) => (device.name === name ? { ...device, point } : device));
}

/** `name` moved `east` and `north` metres. */
export function nudgeDevice(
  layout: Layout,
  name: string,
  origin: [number, number],
  east: number,
  north: number,
): Layout {
  const device = layout.find((d) => d.name === name);
  if (!device) return layout;
  const [x, y] = lonLatToWorld(origin, device.point);
  return moveDevice(layout, name, origin, x + east * unitsPerMetre, y + north * unitsPerMetre);
}

/** A new device of `technology` on `level` at (x, y), named after the level's last one. */
export function addDevice(
  layout: Layout,
  technology: Technology,
  level: string,
  height: number,
  origin: [number, number],
  x: number,
  y: number,
): { layout: Layout; name: string } {
  const prefix = `${level}-${technology.toUpperCase()}-`;
  const numbers = layout
    .filter((d) => d.name.startsWith(prefix))
    .map((d) => Number(d.name.slice(prefix.length)) || 0);
  const name = `${prefix}${String(Math.max(0, ...numbers) + 1).padStart(3, '0')}`;
  const point = worldToLonLat(origin, [x, y]);
  return { layout: [...layout, { name, level, point, height_m: height }], name };
}

export function removeDevice(layout: Layout, name: string): Layout {
  return layout.filter((device) => device.name !== name);
}

/** The body that asks the lab to measure `layout`. */
export function layoutBody(layout: Layout): string {
  const request: LayoutRequest = {
    devices: layout.map((device) => ({ level: device.level, point: device.point })),
  };
  return JSON.stringify(request);
}

// Which doors are a room's: the openings whose both ends lie on the room's outline, in the
// viewer's decimetre map (a door stands in the wall it opens, so both its ends touch it).
import type { OpeningShape, UnitShape } from '../../../content/venues/viewer-files';

/** How far off the outline a door's end may be, decimetres: the map's rounding, and a little. */
const onOutline = 3;

function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

function nearRing(x: number, y: number, ring: number[]): boolean {
  const count = ring.length / 2;
  for (let i = 0; i < count; i += 1) {
    const j = (i + 1) % count;
    const [ax, ay, bx, by] = [ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1]];
    if (toSegment(x, y, ax ?? 0, ay ?? 0, bx ?? 0, by ?? 0) <= onOutline) return true;
  }
  return false;
}

export function roomDoors(unit: UnitShape, openings: readonly OpeningShape[]): OpeningShape[] {
  const rings = unit.g;
  return openings.filter(({ a: [x1, y1, x2, y2] }) =>
    [
      [x1, y1],
      [x2, y2],
    ].every(([x, y]) => rings.some((ring) => nearRing(x ?? 0, y ?? 0, ring))),
  );
}

/** A door's width, metres, to one decimal. */
export function doorWidth({ a: [x1, y1, x2, y2] }: OpeningShape): number {
  return Math.round(Math.hypot(x2 - x1, y2 - y1)) / 10;
}

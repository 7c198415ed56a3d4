// Label placement: greedy by priority, with screen-space collision, so no label or icon covers
// another. Boxes are upright screen rectangles whatever the map's rotation. Placement runs when the
// camera settles; while a gesture runs, the placed labels only follow their anchors.
import type { Box } from './geometry';
import { type Camera, worldToScreen } from './projection';

export interface LabelCandidate {
  key: string;
  /** The world anchor, decimetres, at height z. */
  x: number;
  y: number;
  z: number;
  /** The box (icon and text), CSS pixels, placed at the projected anchor plus (dx, dy). */
  w: number;
  h: number;
  dx: number;
  dy: number;
  priority: number;
  /** Shown only at this zoom (CSS pixels per decimetre) or closer. */
  minScale?: number;
  /**
   * The size of what it names, decimetres: a label far wider than its shop on screen is left out
   * rather than spilling over its neighbours.
   */
  span?: number;
}

export interface PlacedLabel {
  candidate: LabelCandidate;
  box: Box;
}

const cell = 64;

/** Where a label stands on screen under a camera: its box around the projected anchor. */
export function labelBox(camera: Camera, candidate: LabelCandidate): Box {
  const [sx, sy] = worldToScreen(camera, candidate.x, candidate.y, candidate.z);
  const left = sx + candidate.dx;
  const top = sy + candidate.dy;
  return [left, top, left + candidate.w, top + candidate.h];
}

export function placeLabels(
  candidates: readonly LabelCandidate[],
  camera: Camera,
  reserved: readonly Box[] = [],
  gap = 3,
  /** Labels this far outside the view are placed too, so a short pan reveals them. */
  margin = 0,
): PlacedLabel[] {
  const order = [...candidates].sort(
    (a, b) => b.priority - a.priority || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  const grid = new Map<number, Box[]>();
  const placed: PlacedLabel[] = [];
  const cellsOf = (box: Box, visit: (key: number) => boolean | void) => {
    const x0 = Math.floor(box[0] / cell);
    const x1 = Math.floor(box[2] / cell);
    const y0 = Math.floor(box[1] / cell);
    const y1 = Math.floor(box[3] / cell);
    for (let gx = x0; gx <= x1; gx += 1) {
      for (let gy = y0; gy <= y1; gy += 1) {
        if (visit((gx + 4096) * 8192 + gy + 4096) === true) return true;
      }
    }
    return false;
  };
  const collides = (box: Box) =>
    cellsOf(box, (key) => grid.get(key)?.some((other) => overlaps(box, other, gap)) ?? false);
  const insert = (box: Box) =>
    cellsOf(box, (key) => {
      const list = grid.get(key);
      if (list) list.push(box);
      else grid.set(key, [box]);
    });
  for (const box of reserved) insert(box);

  for (const candidate of order) {
    if (candidate.minScale !== undefined && camera.scale < candidate.minScale) continue;
    if (candidate.span !== undefined && candidate.w > candidate.span * camera.scale * 1.4) continue;
    const box = labelBox(camera, candidate);
    if (
      box[2] < -margin ||
      box[3] < -margin ||
      box[0] > camera.width + margin ||
      box[1] > camera.height + margin
    ) {
      continue;
    }
    if (collides(box)) continue;
    insert(box);
    placed.push({ candidate, box });
  }
  return placed;
}

export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;
}

// Which unit is under a screen point. In the 2.5D view a raised unit shows its roof, so each unit
// is tested in the plane of its own height; the one drawn last (the highest, then the upper layer)
// wins, as it is the one the visitor sees.
import { inBox, pointInPoly } from './geometry';
import type { UnitModel } from './level-model';
import { type Camera, screenToWorld } from './projection';

export function hitUnit(
  units: readonly UnitModel[],
  camera: Camera,
  sx: number,
  sy: number,
  raised: boolean,
): UnitModel | undefined {
  const planes = new Map<number, [number, number]>();
  for (let i = units.length - 1; i >= 0; i -= 1) {
    const unit = units[i] as UnitModel;
    const z = raised ? unit.style.height : 0;
    let point = planes.get(z);
    if (!point) {
      point = screenToWorld(camera, sx, sy, z);
      planes.set(z, point);
    }
    if (inBox(unit.box, point[0], point[1]) && pointInPoly(point[0], point[1], unit.shape.g)) {
      return unit;
    }
  }
  return undefined;
}

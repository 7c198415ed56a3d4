// A level file (docs/venue-contract.md §3.3) prepared once for drawing and picking: each unit with its style, box, area
// and label point, in drawing order (flat units by layer, then raised ones by height).
import type { LevelData, Point, UnitShape } from '../content/venues/viewer-files';
import { type Box, emptyBox, extendBox, polyArea, polyBox, ringCentroid } from './geometry';
import { type StyleKey, type UnitStyle, unitStyleKey, unitStyles } from './style';

export interface UnitModel {
  shape: UnitShape;
  styleKey: StyleKey;
  style: UnitStyle;
  box: Box;
  /** Square metres. */
  area: number;
  /** Where its name and icon go. */
  anchor: Point;
}

export interface LevelModel {
  data: LevelData;
  /** Drawing order: later ones are on top. */
  units: UnitModel[];
  byId: Map<string, UnitModel>;
  /** Units by their occupant's id, so a search result finds its shop. */
  byOccupant: Map<string, UnitModel>;
  box: Box;
}

export function modelLevel(data: LevelData): LevelModel {
  const units = data.units.map((shape): UnitModel => {
    const styleKey = unitStyleKey(shape.c, shape.o?.c);
    const exterior = shape.g[0] ?? [];
    return {
      shape,
      styleKey,
      style: unitStyles[styleKey],
      box: polyBox(shape.g),
      area: polyArea(shape.g),
      anchor: shape.lp ?? ringCentroid(exterior),
    };
  });
  units.sort(
    (a, b) => a.style.height - b.style.height || a.style.layer - b.style.layer || b.area - a.area,
  );
  const box = emptyBox();
  for (const poly of data.outline) for (const ring of poly) extendBox(box, ring);
  if (!Number.isFinite(box[0])) for (const unit of units) extendBox(box, unitRing(unit));
  const byOccupant = new Map<string, UnitModel>();
  for (const unit of units) if (unit.shape.o) byOccupant.set(unit.shape.o.id, unit);
  return {
    data,
    units,
    byId: new Map(units.map((unit) => [unit.shape.id, unit])),
    byOccupant,
    box,
  };
}

function unitRing(unit: UnitModel): number[] {
  return [unit.box[0], unit.box[1], unit.box[2], unit.box[3]];
}

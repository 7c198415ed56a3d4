// The unit of the level shown that a place stands in, for the map's pins and outline. A place is
// named by its own unit's id or by its occupant's (a shop's id is its occupant's).
import type { LevelModel } from '../level-model';
import { unitRole } from '../style';

/** The unit a pin of the place stands on (in the 2.5D view, on its roof). */
export function unitOf(model: LevelModel | null, id: string): string | undefined {
  return model?.byOccupant.get(id)?.shape.id ?? (model?.byId.has(id) ? id : undefined);
}

/** The unit outlined for a place: a room, shop or lift is; a corridor is not (a pin says where). */
export function outlinedUnit(model: LevelModel | null, id: string | undefined): string | null {
  const unit = id ? (model?.byOccupant.get(id) ?? model?.byId.get(id)) : undefined;
  if (!unit) return null;
  const role = unitRole(unit.shape.c);
  return role === 'destination' || role === 'connector' ? unit.shape.id : null;
}

// A place the visitor can open a card for, route to or from: built from a tap on the map or from a
// search result, with the location the API takes for it (§4.2).
import type { SearchResult } from './api';
import { pointInPoly } from './geometry';
import type { LevelModel } from './level-model';
import type { MapPick } from './renderer';
import { lonLatToWorld } from './projection';
import { unitRole } from './style';

export interface PlaceInfo {
  /** The location in API syntax: a feature id or a parking space number. */
  ref: string;
  name: string;
  category: string;
  level: string;
  /** World decimetres. */
  x: number;
  y: number;
  /** The unit to highlight. */
  unit?: string | undefined;
  kind: string;
  hours?: string | undefined;
  phone?: string | undefined;
  website?: string | undefined;
  zone?: string | undefined;
}

/** The Chinese label of a category, falling back from `restroom.female` to `restroom` (§3.1). */
export function categoryLabel(labels: Record<string, string>, category: string): string {
  let key = category;
  for (;;) {
    const label = labels[key];
    if (label) return label;
    const dot = key.lastIndexOf('.');
    if (dot < 0) return '';
    key = key.slice(0, dot);
  }
}

export function placeFromPick(
  pick: MapPick,
  level: LevelModel,
  labels: Record<string, string>,
): PlaceInfo | undefined {
  const short = level.data.short;
  if (pick.type === 'unit') {
    const unit = level.byId.get(pick.id);
    if (!unit) return undefined;
    const { shape } = unit;
    const role = unitRole(shape.c);
    if (role === 'closed' || (role === 'walkable' && !shape.n)) return undefined;
    const label = categoryLabel(labels, shape.o?.c ?? shape.c) || categoryLabel(labels, shape.c);
    const info: PlaceInfo = {
      ref: shape.o?.id ?? shape.id,
      name: shape.n ?? label,
      category: label,
      level: short,
      x: unit.anchor[0],
      y: unit.anchor[1],
      unit: shape.id,
      kind: shape.o ? 'occupant' : shape.c === 'parking' ? 'space' : 'unit',
      hours: shape.o?.h,
      phone: shape.o?.p,
      website: shape.o?.w,
    };
    if (shape.c === 'parking') info.zone = zoneOf(level, unit.anchor[0], unit.anchor[1]);
    return info;
  }
  if (pick.type === 'amenity') {
    const amenity = level.data.amenities.find((a) => a.id === pick.id);
    if (!amenity) return undefined;
    const label = categoryLabel(labels, amenity.c);
    return {
      ref: amenity.id,
      name: amenity.n ?? label,
      category: label,
      level: short,
      x: amenity.at[0],
      y: amenity.at[1],
      unit: amenity.u,
      kind: 'amenity',
    };
  }
  if (pick.type === 'kiosk') {
    const kiosk = level.data.kiosks.find((k) => k.id === pick.id);
    if (!kiosk) return undefined;
    return {
      ref: kiosk.id,
      name: kiosk.n,
      category: categoryLabel(labels, 'kiosk'),
      level: short,
      x: kiosk.at[0],
      y: kiosk.at[1],
      kind: 'kiosk',
    };
  }
  const opening = level.data.openings.find((o) => o.id === pick.id);
  if (!opening) return undefined;
  const [x1, y1, x2, y2] = opening.a;
  return {
    ref: opening.id,
    name: opening.n ?? categoryLabel(labels, opening.c),
    category: categoryLabel(labels, opening.c),
    level: short,
    x: (x1 + x2) / 2,
    y: (y1 + y2) / 2,
    kind: 'entrance',
  };
}

export function placeFromResult(result: SearchResult, origin: [number, number]): PlaceInfo {
  const [x, y] = lonLatToWorld(origin, result.point);
  return {
    ref: result.id,
    name: result.name,
    category: result.category_label,
    level: result.level,
    x,
    y,
    unit:
      result.unit ?? (result.kind === 'unit' || result.kind === 'space' ? result.id : undefined),
    kind: result.kind,
  };
}

/** Adds what only the level file knows (hours, phone, the unit, the parking zone). */
export function completePlace(place: PlaceInfo, level: LevelModel): PlaceInfo {
  if (level.data.short !== place.level) return place;
  const unit =
    level.byOccupant.get(place.ref) ?? (place.unit ? level.byId.get(place.unit) : undefined);
  if (!unit) return place;
  const occupant = unit.shape.o;
  return {
    ...place,
    unit: unit.shape.id,
    hours: place.hours ?? occupant?.h,
    phone: place.phone ?? occupant?.p,
    website: place.website ?? occupant?.w,
    zone:
      place.zone ??
      (unit.shape.c === 'parking' ? zoneOf(level, unit.anchor[0], unit.anchor[1]) : undefined),
  };
}

function zoneOf(level: LevelModel, x: number, y: number): string | undefined {
  return level.data.sections.find((section) => pointInPoly(x, y, section.g))?.n;
}

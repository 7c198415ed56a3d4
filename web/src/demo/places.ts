// A place the visitor can open a card for, route to or from: built from a tap on the map or from a
// search result, with the location the API takes for it (docs/venue-contract.md §4.2).
import type { SearchResult } from './api';
import { pointInPoly } from './geometry';
import type { LevelModel } from './level-model';
import type { MapTarget } from './map-labels';
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

/** The Chinese label of a category, falling back from `restroom.female` to `restroom` (docs/venue-contract.md §3.1). */
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
  pick: MapTarget,
  level: LevelModel,
  labels: Record<string, string>,
): PlaceInfo | undefined {
  // Every picked feature: named by itself, else by its category, at a point of this level.
  const place = (
    ref: string,
    kind: string,
    category: string,
    name: string | undefined,
    [x, y]: readonly [number, number],
  ): PlaceInfo => ({ ref, name: name ?? category, category, level: level.data.short, x, y, kind });
  if (pick.type === 'unit') {
    const unit = level.byId.get(pick.id);
    if (!unit) return undefined;
    const { shape } = unit;
    const role = unitRole(shape.c);
    if (role === 'closed' || (role === 'walkable' && !shape.n)) return undefined;
    const label = categoryLabel(labels, shape.o?.c ?? shape.c) || categoryLabel(labels, shape.c);
    const kind = shape.o ? 'occupant' : shape.c === 'parking' ? 'space' : 'unit';
    const info: PlaceInfo = {
      ...place(shape.o?.id ?? shape.id, kind, label, shape.n, unit.anchor),
      unit: shape.id,
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
    return { ...place(amenity.id, 'amenity', label, amenity.n, amenity.at), unit: amenity.u };
  }
  if (pick.type === 'kiosk') {
    const kiosk = level.data.kiosks.find((k) => k.id === pick.id);
    if (!kiosk) return undefined;
    return place(kiosk.id, 'kiosk', categoryLabel(labels, 'kiosk'), kiosk.n, kiosk.at);
  }
  const opening = level.data.openings.find((o) => o.id === pick.id);
  if (!opening) return undefined;
  const [x1, y1, x2, y2] = opening.a;
  const middle = [(x1 + x2) / 2, (y1 + y2) / 2] as const;
  return place(opening.id, 'entrance', categoryLabel(labels, opening.c), opening.n, middle);
}

/** How the API names a place in a request: its id, or its point as `lon,lat@level`. */
export function placeRef(place: {
  id: string | null;
  point: [number, number];
  level: string;
}): string {
  return place.id ?? `${place.point[0]},${place.point[1]}@${place.level}`;
}

export function placeFromResult(result: SearchResult, origin: [number, number]): PlaceInfo {
  const [x, y] = lonLatToWorld(origin, result.point);
  return {
    ref: result.id,
    name: result.name ?? '',
    category: result.category_label ?? '',
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

// A venue the check passed, in the viewer's format (docs/venue-contract.md sections 3.2 and 3.3, types in
// viewer-files.ts): the venue summary and one file per level, with coordinates as integer
// decimetres in the local frame and rings as flat lists without the closing repeat, so a level
// of a large mall stays tens of kilobytes over the wire.
import type {
  AmenityShape,
  EntranceEntry,
  FenceEntry,
  KioskEntry,
  LevelData,
  Point,
  Poly,
  Ring,
  UnitShape,
  VenueSummary,
} from './viewer-files';
import { entranceCategories } from './contract';
import { type Polygon, type Vec, polygonBox, unionBox } from './geometry';
import type { ImdfFeature, VenueCategory, VenueToml } from './imdf-types';
import type { LocalShapes } from './local-shapes';
import type { Placement } from './placement';
import { type VenueFiles, featureOf, zh } from './venue-files';

const dm = (metres: number) => Math.round(metres * 10);

function point([x, y]: Vec): Point {
  return [dm(x), dm(y)];
}

/** Rounding to decimetres can make neighbours equal; a repeated position carries no shape. */
function flatRing(ring: readonly Vec[]): Ring {
  const flat: number[] = [];
  for (const vertex of ring) {
    const [x, y] = point(vertex);
    if (flat.length >= 2 && flat[flat.length - 2] === x && flat[flat.length - 1] === y) continue;
    flat.push(x, y);
  }
  if (flat.length >= 4 && flat[0] === flat[flat.length - 2] && flat[1] === flat[flat.length - 1]) {
    flat.length -= 2;
  }
  return flat;
}

function poly(polygon: Polygon): Poly {
  return polygon.map(flatRing).filter((ring) => ring.length >= 6);
}

/** Optional fields are left out rather than null, to keep the files small. */
function withName<T extends object>(shape: T, name: string | undefined): T & { n?: string } {
  return name ? { ...shape, n: name } : shape;
}

/** Levels from the lowest up (ties by short name), as the viewer lists them. */
function levelsInOrder(model: VenueFiles): ImdfFeature<'level'>[] {
  return [...model.features.level].sort(
    (a, b) =>
      a.properties.ordinal - b.properties.ordinal ||
      zh(a.properties.short_name)!.localeCompare(zh(b.properties.short_name)!),
  );
}

/**
 * The entry of a category in categories.toml: its own, else that of its longest dotted prefix
 * (`restroom.female.wheelchair` -> `restroom.female` -> `restroom`), as the server looks it up.
 */
function categoryEntry(
  categories: Record<string, VenueCategory>,
  category: string,
): VenueCategory | undefined {
  let key = category;
  for (;;) {
    if (Object.hasOwn(categories, key)) return categories[key];
    const dot = key.lastIndexOf('.');
    if (dot < 0) return undefined;
    key = key.slice(0, dot);
  }
}

/** Feature types whose categories visitors see (names on the map, search, the directory). */
const labelledTypes = [
  'venue',
  'unit',
  'opening',
  'amenity',
  'occupant',
  'fixture',
  'section',
] as const;

/**
 * The Chinese label of every category the venue's visitors see, category -> label, in the
 * categories' order (the check found an entry for each, exact or by prefix: contract 3.1).
 */
function categoryLabels(
  model: VenueFiles,
  categories: Record<string, VenueCategory>,
): Record<string, string> {
  const used = new Set<string>();
  for (const type of labelledTypes) {
    for (const feature of model.features[type]) {
      used.add((feature.properties as { category: string }).category);
    }
  }
  const labels: Record<string, string> = {};
  for (const category of [...used].sort((a, b) => a.localeCompare(b))) {
    const entry = categoryEntry(categories, category);
    if (entry) labels[category] = entry.label;
  }
  return labels;
}

function levelData(
  model: VenueFiles,
  shapes: LocalShapes,
  placement: Placement,
  level: ImdfFeature<'level'>,
): LevelData {
  const on = <T extends { properties: { level_id: string } }>(features: T[]) =>
    features.filter((feature) => feature.properties.level_id === level.id);
  const occupantOf = new Map<string, ImdfFeature<'occupant'>>();
  const anchorOf = new Map<string, ImdfFeature<'anchor'>>();
  for (const occupant of model.features.occupant) {
    const anchor = featureOf(model, 'anchor', occupant.properties.anchor_id);
    if (!anchor || occupantOf.has(anchor.properties.unit_id)) continue;
    occupantOf.set(anchor.properties.unit_id, occupant);
    anchorOf.set(anchor.properties.unit_id, anchor);
  }
  const units = on(model.features.unit).flatMap((unit): UnitShape[] => {
    const shape = shapes.polygons.get(unit.id)?.[0];
    if (!shape) return [];
    const occupant = occupantOf.get(unit.id);
    const anchor = anchorOf.get(unit.id);
    const labelAt = shapes.displayPoints.get(unit.id) ?? (anchor && shapes.points.get(anchor.id));
    const shaped: UnitShape = withName(
      { id: unit.id, c: unit.properties.category, g: poly(shape) },
      zh(occupant?.properties.name) ?? zh(unit.properties.name),
    );
    if (labelAt) shaped.lp = point(labelAt);
    if (occupant) {
      const { hours, phone, website, category } = occupant.properties;
      shaped.o = {
        id: occupant.id,
        c: category,
        ...(hours ? { h: hours } : {}),
        ...(phone ? { p: phone } : {}),
        ...(website ? { w: website } : {}),
      };
    }
    return [shaped];
  });
  const openings = on(model.features.opening).flatMap((opening) => {
    const line = shapes.lines.get(opening.id);
    if (!line) return [];
    const [[x1, y1], [x2, y2]] = [point(line[0]), point(line[1])];
    return [
      withName(
        {
          id: opening.id,
          c: opening.properties.category,
          a: [x1, y1, x2, y2] as LevelData['openings'][number]['a'],
        },
        zh(opening.properties.name),
      ),
    ];
  });
  const amenities = model.features.amenity.flatMap((amenity): AmenityShape[] => {
    const unit = placement.amenityUnit.get(amenity.id) ?? amenity.properties.unit_ids[0]!;
    const at = shapes.points.get(amenity.id);
    if (!at || featureOf(model, 'unit', unit)?.properties.level_id !== level.id) return [];
    return [
      withName(
        { id: amenity.id, c: amenity.properties.category, at: point(at), u: unit },
        zh(amenity.properties.name),
      ),
    ];
  });
  const fixtures = on(model.features.fixture).flatMap((fixture) => {
    const shape = shapes.polygons.get(fixture.id)?.[0];
    return shape ? [{ id: fixture.id, c: fixture.properties.category, g: poly(shape) }] : [];
  });
  const sections = on(model.features.section).flatMap((section) => {
    const shape = shapes.polygons.get(section.id)?.[0];
    return shape
      ? [
          withName(
            { id: section.id, c: section.properties.category, g: poly(shape) },
            zh(section.properties.name),
          ),
        ]
      : [];
  });
  const kiosks = on(model.features.kiosk).flatMap((kiosk) => {
    const shape = shapes.polygons.get(kiosk.id)?.[0];
    const at = shapes.displayPoints.get(kiosk.id);
    const name = zh(kiosk.properties.name);
    return shape && at && name ? [{ id: kiosk.id, g: poly(shape), at: point(at), n: name }] : [];
  });
  return {
    v: 1,
    id: level.id,
    short: zh(level.properties.short_name)!,
    name: zh(level.properties.name)!,
    ordinal: level.properties.ordinal,
    outline: (shapes.polygons.get(level.id) ?? []).map(poly),
    units,
    openings,
    amenities,
    fixtures,
    sections,
    kiosks,
  };
}

export function viewerData(
  model: VenueFiles,
  shapes: LocalShapes,
  placement: Placement,
  venue: ImdfFeature<'venue'>,
  settings: VenueToml,
  categories: Record<string, VenueCategory>,
): { summary: VenueSummary; levels: LevelData[] } {
  const labels = categoryLabels(model, categories);
  const levels = levelsInOrder(model);
  const shortOf = (levelId: string) =>
    zh(featureOf(model, 'level', levelId)?.properties.short_name) ?? '';
  const facing = new Map(settings.kiosks.map((entry) => [entry.id, entry.facing]));
  const kiosks: KioskEntry[] = model.features.kiosk.flatMap((kiosk) => {
    const at = shapes.displayPoints.get(kiosk.id);
    const name = zh(kiosk.properties.name);
    if (!at || !name) return [];
    return [
      {
        id: kiosk.id,
        name,
        level: shortOf(kiosk.properties.level_id),
        at: point(at),
        facing: facing.get(kiosk.id) ?? 0,
      },
    ];
  });
  const entrances: EntranceEntry[] = model.features.opening.flatMap((opening) => {
    const line = shapes.lines.get(opening.id);
    const name = zh(opening.properties.name);
    if (!line || !name || !placement.outside.has(opening.id)) return [];
    if (!entranceCategories.has(opening.properties.category)) return [];
    const [a, b] = line;
    return [
      {
        id: opening.id,
        name,
        level: shortOf(opening.properties.level_id),
        at: point([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]),
      },
    ];
  });
  const fences: FenceEntry[] = model.features.geofence.flatMap((fence) =>
    fence.properties.level_ids.flatMap((levelId) =>
      (shapes.polygons.get(fence.id) ?? []).map((polygon) => ({
        id: fence.id,
        name: zh(fence.properties.name) ?? fence.id,
        level: shortOf(levelId),
        ring: (polygon[0] ?? []).map(point),
      })),
    ),
  );
  const outlines = levels.flatMap((level) => shapes.polygons.get(level.id) ?? []);
  const box = outlines.length > 0 ? unionBox(outlines.map(polygonBox)) : [0, 0, 0, 0];
  const [lon, lat] = venue.properties.display_point.coordinates;
  const summary: VenueSummary = {
    v: 1,
    id: model.id,
    name: zh(venue.properties.name)!,
    category: venue.properties.category,
    origin: [lon!, lat!],
    bounds: [dm(box[0]), dm(box[1]), dm(box[2]), dm(box[3])],
    levels: levels.map((level) => ({
      id: level.id,
      short: zh(level.properties.short_name)!,
      name: zh(level.properties.name)!,
      ordinal: level.properties.ordinal,
      parking: level.properties.category === 'parking',
    })),
    defaultLevel: settings.default_level,
    kiosks,
    entrances,
    samples: {
      queries: settings.samples.queries,
      plates: settings.samples.plates,
      routeFrom: settings.samples.route_from,
      routeTo: settings.samples.route_to,
      start: settings.samples.start,
    },
    labels,
    fences,
  };
  return { summary, levels: levels.map((level) => levelData(model, shapes, placement, level)) };
}

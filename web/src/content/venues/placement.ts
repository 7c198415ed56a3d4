// Where features stand relative to each other (docs/venue-contract.md section 5): display points
// inside their feature, everything on a level inside the level's polygon, units of a level not
// overlapping, every opening on a unit boundary (and which units it joins), anchors inside their
// unit, amenities inside one of their units, kiosks inside a walkable unit, named entrances.
// Overlap and boundary questions go through a bounding-box grid per level, so a level of a thousand
// units costs about a thousand small tests, not a million.
import { BoxGrid } from './box-grid';
import {
  entranceCategories,
  onBoundary,
  openEdgeMinimum,
  overlapLimit,
  walkableCategoryList,
} from './contract';
import {
  type Box,
  type Polygon,
  type Vec,
  boxesTouch,
  distanceToBoundary,
  growBox,
  pointInShape,
  pointOutside,
  pointSegmentDistance,
  polygonBox,
  segmentBox,
  sharedBoundaryLength,
  unionBox,
} from './geometry';
import type { LocalShapes } from './local-shapes';
import { polygonOverlapArea } from './polygon-overlap';
import { unitRole } from './topology';
import type { ImdfFeature } from './types';
import { type VenueModel, describe, featureOf, levelName, zh } from './venue-model';

export interface Placement {
  /** The units each opening lies on, in the order of unit.geojson. */
  joins: Map<string, string[]>;
  /** Openings lying on their level's outline: doors to the outside. */
  outside: Set<string>;
  /** Pairs of walkable units sharing open floor. */
  openEdges: [string, string][];
  /** The unit each amenity stands in (the first of its unit_ids that holds it). */
  amenityUnit: Map<string, string>;
  /** The walkable unit each kiosk stands in. */
  kioskUnit: Map<string, string>;
}

interface LevelUnits {
  units: ImdfFeature<'unit'>[];
  /** Position of each unit in unit.geojson, to keep reports and joins in file order. */
  order: Map<string, number>;
  /** Units by bounding box. */
  grid: BoxGrid<ImdfFeature<'unit'>>;
  /** Unit edges by bounding box, for the opening test. */
  edges: BoxGrid<{ unit: string; a: Vec; b: Vec }>;
}

/** What every check below works on, and the placement it fills in. */
interface Survey {
  model: VenueModel;
  shapes: LocalShapes;
  /** Units of each level, indexed (only units whose level and shape are sound). */
  levels: Map<string, LevelUnits>;
  placement: Placement;
}

function lonLat(shapes: LocalShapes, point: Vec): string {
  const [lon, lat] = shapes.frame.toLonLat(point);
  return `[${lon.toFixed(7)}, ${lat.toFixed(7)}]`;
}

function shapeBox(shape: readonly Polygon[]): Box {
  return unionBox(shape.map(polygonBox));
}

function indexLevels(model: VenueModel, shapes: LocalShapes): Map<string, LevelUnits> {
  const byLevel = new Map<string, LevelUnits>();
  for (const level of model.features.level) {
    const outline = shapes.polygons.get(level.id);
    if (!outline) continue;
    const box = growBox(shapeBox(outline), 1);
    // Cells of about 8 m: a few shop fronts, a handful of parking spaces.
    byLevel.set(level.id, {
      units: [],
      order: new Map(),
      grid: new BoxGrid(box, 8),
      edges: new BoxGrid(box, 8),
    });
  }
  for (const unit of model.features.unit) {
    const index = byLevel.get(unit.properties.level_id);
    const shape = shapes.polygons.get(unit.id);
    if (!index || !shape) continue;
    index.order.set(unit.id, index.units.push(unit));
    index.grid.insert(shapeBox(shape), unit);
    for (const polygon of shape) {
      for (const ring of polygon) {
        ring.forEach((a, i) => {
          const b = ring[(i + 1) % ring.length]!;
          index.edges.insert(segmentBox(a, b), { unit: unit.id, a, b });
        });
      }
    }
  }
  return byLevel;
}

function checkDisplayPoints({ model, shapes }: Survey) {
  for (const [id, point] of shapes.displayPoints) {
    const feature = model.byId.get(id)!;
    const field = 'properties.display_point';
    const shape = shapes.polygons.get(id);
    const line = shapes.lines.get(id);
    if (shape && !pointInShape(shape, point, onBoundary)) {
      model.report(
        feature,
        field,
        `${lonLat(shapes, point)} lies outside the ${feature.featureType}'s geometry; a display point lies within its feature (IMDF)`,
      );
    } else if (line && pointSegmentDistance(point, line[0], line[1]) > onBoundary) {
      model.report(feature, field, `${lonLat(shapes, point)} is not on the opening's line`);
    } else if (feature.featureType === 'building') {
      const footprints = model.features.footprint.filter((f) =>
        f.properties.building_ids.includes(id),
      );
      const inside = footprints.some((f) => {
        const footprint = shapes.polygons.get(f.id);
        return !footprint || pointInShape(footprint, point, onBoundary);
      });
      if (footprints.length > 0 && !inside) {
        model.report(
          feature,
          field,
          `${lonLat(shapes, point)} lies outside every footprint of the building`,
        );
      }
    }
  }
}

type OnLevel = ImdfFeature<'unit' | 'opening' | 'fixture' | 'kiosk' | 'section'>;

/** Everything on a level lies inside the level's polygon (contract section 2.4). */
function checkInsideLevels({ model, shapes }: Survey) {
  const features: OnLevel[] = [
    ...model.features.unit,
    ...model.features.opening,
    ...model.features.fixture,
    ...model.features.kiosk,
    ...model.features.section,
  ];
  for (const feature of features) {
    const levelId = feature.properties.level_id;
    const outline = shapes.polygons.get(levelId);
    if (!outline) continue;
    const line = shapes.lines.get(feature.id);
    const shape = shapes.polygons.get(feature.id);
    let outside: Vec | undefined;
    if (line) outside = line.find((end) => !pointInShape(outline, end, onBoundary));
    for (const polygon of shape ?? []) outside ??= pointOutside(polygon, outline, onBoundary);
    if (outside) {
      model.report(
        feature,
        'geometry',
        `reaches outside its level ${levelName(model, levelId)} near ${lonLat(shapes, outside)}; everything on a level lies inside the level's polygon (contract 2.4): move it, or the level's outline`,
      );
    }
  }
}

function checkOverlaps({ model, shapes, levels }: Survey) {
  for (const [levelId, { units, grid, order }] of levels) {
    for (const unit of units) {
      const shape = shapes.polygons.get(unit.id)!;
      for (const other of grid.query(shapeBox(shape))) {
        if (order.get(other.id)! <= order.get(unit.id)!) continue;
        const otherShape = shapes.polygons.get(other.id)!;
        let area = 0;
        for (const a of shape) for (const b of otherShape) area += polygonOverlapArea(a, b);
        if (area > overlapLimit) {
          model.report(
            other,
            'geometry',
            `overlaps ${describe(unit)} (${unit.id}) on ${levelName(model, levelId)} by ${area.toFixed(2)} m²; units of a level do not overlap: move the shared wall so both use the same line`,
          );
        }
      }
    }
  }
}

/** Where an opening is tested against a boundary (contract 2.6): both ends and its middle. */
function probes([a, b]: readonly [Vec, Vec]): Vec[] {
  return [a, [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], b];
}

/** The units an opening lies on: all its probes within `onBoundary` of the unit's boundary. */
function unitsUnder(line: readonly [Vec, Vec], level: LevelUnits): string[] {
  const [a, b] = line;
  const points = probes(line);
  const nearest = new Map<string, number[]>();
  for (const edge of level.edges.query(growBox(segmentBox(a, b), onBoundary))) {
    let best = nearest.get(edge.unit);
    if (!best) nearest.set(edge.unit, (best = [Infinity, Infinity, Infinity]));
    points.forEach((p, i) => {
      best[i] = Math.min(best[i]!, pointSegmentDistance(p, edge.a, edge.b));
    });
  }
  return [...nearest]
    .filter(([, distances]) => distances.every((d) => d <= onBoundary))
    .map(([unit]) => unit)
    .sort((x, y) => level.order.get(x)! - level.order.get(y)!);
}

function checkOpenings({ model, shapes, levels, placement }: Survey) {
  for (const opening of model.features.opening) {
    const line = shapes.lines.get(opening.id);
    const levelId = opening.properties.level_id;
    const level = levels.get(levelId);
    const outline = shapes.polygons.get(levelId);
    if (!line || !level || !outline) continue;
    const joined = unitsUnder(line, level);
    placement.joins.set(opening.id, joined);
    const onOutline = probes(line).every((p) =>
      outline.some((polygon) => distanceToBoundary(polygon, p) <= onBoundary),
    );
    if (onOutline) placement.outside.add(opening.id);
    const where = levelName(model, levelId);
    if (joined.length === 0) {
      model.report(
        opening,
        'geometry',
        `lies on the boundary of no unit of ${where}; an opening lies on the wall between the units it joins (both ends and its middle within ${Math.round(onBoundary * 100)} cm of a unit's edge, contract 2.6)`,
      );
    } else if (joined.length === 1 && !onOutline) {
      const unit = model.byId.get(joined[0]!)!;
      model.report(
        opening,
        'geometry',
        `lies on the boundary of one unit only (${describe(unit)}, ${unit.id}) and not on the outline of ${where}; a door joins two units, or one unit and the outside`,
      );
    }
    if (onOutline && entranceCategories.has(opening.properties.category)) {
      if (!zh(opening.properties.name)) {
        model.report(
          opening,
          'properties.name',
          'is null, but this opening is an entrance (on the level outline); entrances are named, e.g. {"zh-Hans": "北门"} (contract 2.6)',
        );
      }
    }
  }
}

function checkPoints({ model, shapes, placement }: Survey) {
  for (const anchor of model.features.anchor) {
    const point = shapes.points.get(anchor.id)!;
    const unit = featureOf(model, 'unit', anchor.properties.unit_id);
    const shape = unit && shapes.polygons.get(unit.id);
    if (unit && shape && !pointInShape(shape, point, onBoundary)) {
      model.report(
        anchor,
        'geometry',
        `${lonLat(shapes, point)} lies outside its unit ${describe(unit)} (${unit.id}); an anchor is placed within the unit it names (IMDF)`,
      );
    }
  }
  for (const amenity of model.features.amenity) {
    const point = shapes.points.get(amenity.id)!;
    const units = amenity.properties.unit_ids.filter((id) => featureOf(model, 'unit', id));
    const holder = units.find((id) => {
      const shape = shapes.polygons.get(id);
      return shape && pointInShape(shape, point, onBoundary);
    });
    if (holder) placement.amenityUnit.set(amenity.id, holder);
    else if (units.length > 0 && units.every((id) => shapes.polygons.has(id))) {
      model.report(
        amenity,
        'geometry',
        `${lonLat(shapes, point)} lies outside all of its units (properties.unit_ids); an amenity stands in one of the units it names`,
      );
    }
  }
}

function checkKiosks({ model, shapes, levels, placement }: Survey) {
  for (const kiosk of model.features.kiosk) {
    // The viewer labels each screen and the kiosk view starts from its point (contract 2.8).
    if (!zh(kiosk.properties.name)) {
      model.report(
        kiosk,
        'properties.name',
        'is null; a kiosk is named, e.g. {"zh-Hans": "L1 北中庭导视屏"} (contract 2.8)',
      );
    }
    if (!kiosk.properties.display_point) {
      model.report(
        kiosk,
        'properties.display_point',
        'is null; a kiosk has a display point, where "you are here" is drawn (contract 2.8)',
      );
    }
    const shape = shapes.polygons.get(kiosk.id);
    const level = levels.get(kiosk.properties.level_id);
    if (!shape || !level) continue;
    const holder = level.grid
      .query(shapeBox(shape))
      .find(
        (unit) =>
          unitRole(unit.properties.category) === 'walkable' &&
          shape.every(
            (polygon) => !pointOutside(polygon, shapes.polygons.get(unit.id)!, onBoundary),
          ),
      );
    if (holder) placement.kioskUnit.set(kiosk.id, holder.id);
    else {
      model.report(
        kiosk,
        'geometry',
        `does not stand inside one walkable unit of ${levelName(model, kiosk.properties.level_id)} (${walkableCategoryList}); a guide screen stands in public circulation (contract 2.8)`,
      );
    }
  }
}

function findOpenEdges({ shapes, levels, placement }: Survey) {
  for (const { units, grid, order } of levels.values()) {
    const walkable = units.filter((unit) => unitRole(unit.properties.category) === 'walkable');
    for (const unit of walkable) {
      const shape = shapes.polygons.get(unit.id)!;
      for (const other of grid.query(growBox(shapeBox(shape), onBoundary))) {
        if (order.get(other.id)! <= order.get(unit.id)!) continue;
        if (unitRole(other.properties.category) !== 'walkable') continue;
        const otherShape = shapes.polygons.get(other.id)!;
        if (!boxesTouch(shapeBox(shape), shapeBox(otherShape), onBoundary)) continue;
        let shared = 0;
        for (const a of shape)
          for (const b of otherShape) shared += sharedBoundaryLength(a, b, onBoundary);
        if (shared >= openEdgeMinimum) placement.openEdges.push([unit.id, other.id]);
      }
    }
  }
}

export function checkPlacement(model: VenueModel, shapes: LocalShapes): Placement {
  const survey: Survey = {
    model,
    shapes,
    levels: indexLevels(model, shapes),
    placement: {
      joins: new Map(),
      outside: new Set(),
      openEdges: [],
      amenityUnit: new Map(),
      kioskUnit: new Map(),
    },
  };
  checkDisplayPoints(survey);
  checkInsideLevels(survey);
  checkOverlaps(survey);
  checkOpenings(survey);
  checkPoints(survey);
  checkKiosks(survey);
  findOpenEdges(survey);
  return survey.placement;
}

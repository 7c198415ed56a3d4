// A level's shapes as Path2D groups in world decimetres, built once per level: one path per style
// group, so a render costs a few dozen fills whatever the number of units.
import type { LevelModel, UnitModel } from '../level-model';
import type { StyleKey, UnitStyle } from '../style';

export interface Group {
  key: StyleKey;
  style: UnitStyle;
  path: Path2D;
  units: UnitModel[];
}

export interface LevelPaths {
  model: LevelModel;
  outline: Path2D;
  flat: Group[];
  /** Raised groups by height, lowest first. */
  raised: { height: number; groups: Group[] }[];
  sections: Path2D;
  fixtures: Path2D;
  greenery: Path2D;
  kiosks: Path2D;
  doors: { walk: Path2D; car: Path2D; entrance: Path2D };
}

export function addPoly(path: Path2D, poly: readonly (readonly number[])[]) {
  for (const ring of poly) {
    for (let i = 0; i < ring.length; i += 2) {
      if (i === 0) path.moveTo(ring[0] as number, ring[1] as number);
      else path.lineTo(ring[i] as number, ring[i + 1] as number);
    }
    path.closePath();
  }
}

export function levelPaths(model: LevelModel): LevelPaths {
  const groups = new Map<StyleKey, Group>();
  for (const unit of model.units) {
    let group = groups.get(unit.styleKey);
    if (!group) {
      group = { key: unit.styleKey, style: unit.style, path: new Path2D(), units: [] };
      groups.set(unit.styleKey, group);
    }
    addPoly(group.path, unit.shape.g);
    group.units.push(unit);
  }
  const all = [...groups.values()];
  const flat = all
    .filter((g) => g.style.height === 0)
    .sort((a, b) => a.style.layer - b.style.layer);
  const heights = [
    ...new Set(all.filter((g) => g.style.height > 0).map((g) => g.style.height)),
  ].sort((a, b) => a - b);
  const raised = heights.map((height) => ({
    height,
    groups: all.filter((g) => g.style.height === height),
  }));

  const outline = new Path2D();
  for (const poly of model.data.outline) addPoly(outline, poly);
  const sections = new Path2D();
  for (const section of model.data.sections) addPoly(sections, section.g);
  const fixtures = new Path2D();
  const greenery = new Path2D();
  for (const fixture of model.data.fixtures)
    addPoly(fixture.c === 'vegetation' ? greenery : fixtures, fixture.g);
  const kiosks = new Path2D();
  for (const kiosk of model.data.kiosks) addPoly(kiosks, kiosk.g);
  const doors = { walk: new Path2D(), car: new Path2D(), entrance: new Path2D() };
  for (const opening of model.data.openings) {
    const path = opening.n ? doors.entrance : opening.c === 'automobile' ? doors.car : doors.walk;
    const [x1, y1, x2, y2] = opening.a;
    path.moveTo(x1, y1);
    path.lineTo(x2, y2);
  }
  return { model, outline, flat, raised, sections, fixtures, greenery, kiosks, doors };
}

// What the map labels: the candidates of one level for placement (labels.ts), each naming what it
// stands for so a tap on an icon opens the right card. Priorities: parking zones, entrances and
// amenities first, then connectors and restrooms, shops by area, parking spaces last and only when
// zoomed in.
import type { LevelModel } from './level-model';
import type { LabelCandidate } from './labels';
import { type Glyph, glyphFor } from './style';

export type MapTarget =
  | { type: 'unit'; id: string }
  | { type: 'amenity'; id: string }
  | { type: 'kiosk'; id: string }
  | { type: 'opening'; id: string };

export type LabelTone = 'normal' | 'small' | 'zone';

export interface MapLabel extends LabelCandidate {
  text?: string;
  glyph?: Glyph;
  tone: LabelTone;
  target?: MapTarget;
}

export const iconRadius = 9;
const iconBox = iconRadius * 2 + 2;
export const labelFontSize: Record<LabelTone, number> = { normal: 12, small: 10, zone: 15 };

/** Text widths come from the canvas (measure); the tests pass a stand-in. */
export function levelLabels(
  level: LevelModel,
  measure: (text: string, tone: LabelTone) => number,
  raised: boolean,
): MapLabel[] {
  const labels: MapLabel[] = [];
  const textLabel = (
    base: Omit<MapLabel, 'w' | 'h' | 'dx' | 'dy' | 'tone'>,
    text: string,
    tone: LabelTone,
    glyph?: Glyph,
  ) => {
    const size = labelFontSize[tone];
    const h = Math.max(size + 5, glyph ? iconBox : 0);
    // Measured when first placed: a car park's space numbers show only zoomed in, and measuring
    // the hundreds of them on a level's first frame was wasted there (issue #34).
    let textWidth: number | undefined;
    const width = () => (textWidth ??= Math.ceil(measure(text, tone)) + 4);
    labels.push({
      ...base,
      text,
      glyph,
      tone,
      get w() {
        return width() + (glyph ? iconBox + 2 : 0);
      },
      h,
      get dx() {
        return glyph ? -iconBox / 2 : -width() / 2;
      },
      dy: -h / 2,
    });
  };
  const iconLabel = (base: Omit<MapLabel, 'w' | 'h' | 'dx' | 'dy' | 'tone'>, glyph: Glyph) =>
    labels.push({
      ...base,
      glyph,
      tone: 'normal',
      w: iconBox,
      h: iconBox,
      dx: -iconBox / 2,
      dy: -iconBox / 2,
    });

  for (const section of level.data.sections) {
    if (!section.n) continue;
    const ring = section.g[0] ?? [];
    let x = 0;
    let y = 0;
    for (let i = 0; i < ring.length; i += 2) {
      x += ring[i] as number;
      y += ring[i + 1] as number;
    }
    const count = ring.length / 2 || 1;
    textLabel(
      { key: `s:${section.id}`, x: x / count, y: y / count, z: 0, priority: 1000 },
      section.n,
      'zone',
    );
  }

  for (const unit of level.units) {
    const { shape, anchor, area } = unit;
    const z = raised ? unit.style.height : 0;
    const target: MapTarget = { type: 'unit', id: shape.id };
    const base = { key: `u:${shape.id}`, x: anchor[0], y: anchor[1], z, target };
    if (shape.c === 'parking') {
      if (shape.n) {
        textLabel({ ...base, priority: 50, minScale: 1.5 }, shape.n, 'small');
      }
      continue;
    }
    const glyph = glyphFor(shape.c);
    if (glyph) {
      iconLabel({ ...base, priority: 720 + (glyph === 'elevator' ? 10 : 0) }, glyph);
      continue;
    }
    if (!shape.n) continue;
    const span = Math.max(unit.box[2] - unit.box[0], unit.box[3] - unit.box[1]);
    textLabel({ ...base, priority: 300 + Math.min(area, 2000) / 10, span }, shape.n, 'normal');
  }

  for (const amenity of level.data.amenities) {
    const glyph = glyphFor(amenity.c) ?? 'dot';
    const unit = level.byId.get(amenity.u);
    const z = raised && unit ? unit.style.height : 0;
    const base = {
      key: `a:${amenity.id}`,
      x: amenity.at[0],
      y: amenity.at[1],
      z,
      priority: 800,
      target: { type: 'amenity', id: amenity.id } as MapTarget,
    };
    // A named amenity standing in open space (a service desk) says its name; one inside a room
    // (the washbasin of a restroom) is only an icon.
    if (amenity.n && (!unit || unit.style.height === 0))
      textLabel(base, amenity.n, 'normal', glyph);
    else iconLabel(base, glyph);
  }

  for (const kiosk of level.data.kiosks) {
    iconLabel(
      {
        key: `k:${kiosk.id}`,
        x: kiosk.at[0],
        y: kiosk.at[1],
        z: 0,
        priority: 760,
        target: { type: 'kiosk', id: kiosk.id },
      },
      'kiosk',
    );
  }

  for (const opening of level.data.openings) {
    if (!opening.n) continue;
    const [x1, y1, x2, y2] = opening.a;
    textLabel(
      {
        key: `o:${opening.id}`,
        x: (x1 + x2) / 2,
        y: (y1 + y2) / 2,
        z: 0,
        priority: 850,
        target: { type: 'opening', id: opening.id },
      },
      opening.n,
      'normal',
      'entrance',
    );
  }
  return labels;
}

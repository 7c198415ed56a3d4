// Labels and icons, screen space. The words are written tone by tone (one font change each) and
// directly: a render happens only when the camera settles, so caching them as images would save
// nothing. Icons are stamped from sprites, after the route: words under the route, icons over it.
import { type Context2D, drawGlyph } from '../icons';
import { type LabelTone, type MapLabel, iconRadius } from '../map-labels';
import { type Glyph, mapColours } from '../style';
import { type Frame, font } from './frame';

export type IconSpot = [glyph: Glyph, x: number, y: number];

const iconSize = iconRadius * 2 + 2;

const toneColour: Record<LabelTone, string> = {
  zone: mapColours.sectionLabel,
  small: mapColours.labelMuted,
  normal: mapColours.label,
};

/** Writes the labels' words and returns where their icons go. */
export function drawLabels({ c, view, labels }: Frame): IconSpot[] {
  const { width, height } = view;
  const icons: IconSpot[] = [];
  const words: Record<LabelTone, [string, number, number][]> = { normal: [], small: [], zone: [] };
  for (const { candidate, box } of labels) {
    if (box[2] < -20 || box[3] < -20 || box[0] > width + 20 || box[1] > height + 20) continue;
    const label = candidate as MapLabel;
    let x = box[0];
    if (label.glyph) {
      icons.push([label.glyph, x, box[1] + (label.h - iconSize) / 2]);
      x += iconSize + 2;
    }
    if (label.text) words[label.tone].push([label.text, x + 2, box[1] + label.h / 2]);
  }
  c.textBaseline = 'middle';
  c.textAlign = 'left';
  c.lineJoin = 'round';
  c.lineWidth = 3;
  c.strokeStyle = mapColours.halo;
  for (const tone of ['zone', 'normal', 'small'] as const) {
    const list = words[tone];
    if (!list.length) continue;
    c.font = font(tone);
    c.fillStyle = toneColour[tone];
    for (const [text, x, y] of list) c.strokeText(text, x, y);
    for (const [text, x, y] of list) c.fillText(text, x, y);
  }
  return icons;
}

export function drawIcons({ c, sprite }: Frame, icons: readonly IconSpot[]) {
  for (const [glyph, x, y] of icons) c.drawImage(sprite(glyph), x, y, iconSize, iconSize);
}

/** An icon drawn once at a pixel ratio, to be stamped. */
export function glyphSprite(glyph: Glyph, dpr: number): HTMLCanvasElement {
  const sprite = document.createElement('canvas');
  sprite.width = Math.ceil(iconSize * dpr);
  sprite.height = Math.ceil(iconSize * dpr);
  const s: Context2D | null = sprite.getContext('2d');
  if (s) {
    s.setTransform(dpr, 0, 0, dpr, (iconSize / 2) * dpr, (iconSize / 2) * dpr);
    drawGlyph(s, glyph, iconRadius);
  }
  return sprite;
}

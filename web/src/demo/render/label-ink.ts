// What the renderer draws labels and icons with, kept between renders: each label's width in
// its tone, measured once, and each icon's sprite at the view's pixel ratio.
import type { Context2D } from '../icons';
import type { LabelTone } from '../map-labels';
import type { Glyph } from '../style';
import { glyphSprite } from './draw-labels';
import { font } from './frame';
import { measuringContext } from './surface';

export class LabelInk {
  private readonly widths = new Map<string, number>();
  private measurer: { ctx: Context2D; font: string } | null | undefined;
  private readonly sprites = new Map<Glyph, HTMLCanvasElement>();
  private dpr = 1;

  /** `fallback` measures where the browser gives no context of the ink's own. */
  constructor(private readonly fallback: Context2D) {}

  /** The width of `text` in `tone`, CSS pixels. */
  readonly measure = (text: string, tone: LabelTone): number => {
    const key = `${tone}|${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      // A context of its own, whose font is set only when the tone changes: setting a font
      // parses it, and the first level's labels are measured by the hundred in one task (#34).
      // The drawing context's font changes as a render draws, and a resize resets it.
      const wanted = font(tone);
      if (this.measurer === undefined) {
        const ctx = measuringContext();
        this.measurer = ctx && { ctx, font: '' };
      }
      const measurer = this.measurer;
      const ctx = measurer?.ctx ?? this.fallback;
      if (!measurer || measurer.font !== wanted) {
        ctx.font = wanted;
        if (measurer) measurer.font = wanted;
      }
      width = ctx.measureText(text).width;
      this.widths.set(key, width);
    }
    return width;
  };

  /** The icon's sprite at the current pixel ratio, drawn once. */
  readonly sprite = (glyph: Glyph): HTMLCanvasElement => {
    let sprite = this.sprites.get(glyph);
    if (!sprite) {
      sprite = glyphSprite(glyph, this.dpr);
      this.sprites.set(glyph, sprite);
    }
    return sprite;
  };

  /** A view resized: sprites are drawn again at its pixel ratio; widths stay. */
  resize(dpr: number) {
    this.dpr = dpr;
    this.sprites.clear();
  }
}

// The state of one render, handed to every draw pass: the context, the render camera, the level's
// paths, the layers and the labels placed for it. Passes draw from it and keep nothing.
import type { Context2D } from '../icons';
import type { PlacedLabel } from '../labels';
import { type LabelTone, labelFontSize } from '../map-labels';
import { type Camera, cameraMatrix, worldToScreen } from '../projection';
import type { Glyph } from '../style';
import type { MapLayers } from './layers';
import type { LevelPaths } from './level-paths';

export interface Frame {
  readonly c: Context2D;
  readonly dpr: number;
  /** The render camera: the view's, enlarged by the margin on every side. */
  readonly view: Camera;
  readonly level: LevelPaths;
  readonly layers: MapLayers;
  readonly raised: boolean;
  /** The labels placed for this render, with their boxes under `view`. */
  readonly labels: readonly PlacedLabel[];
  readonly measure: (text: string, tone: LabelTone) => number;
  /** An icon's picture, drawn once per pixel ratio. */
  readonly sprite: (glyph: Glyph) => CanvasImageSource;
}

export const fontFamily =
  '"Noto Sans CJK SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Source Han Sans SC", system-ui, sans-serif';

export function font(tone: LabelTone): string {
  return `${tone === 'zone' ? '700 ' : ''}${labelFontSize[tone]}px ${fontFamily}`;
}

/** Draws in world decimetres, at height z in the 2.5D view. */
export function setWorld({ c, dpr, view }: Frame, z = 0) {
  const [a, b, cc, d, e, f] = cameraMatrix(view, z);
  c.setTransform(a * dpr, b * dpr, cc * dpr, d * dpr, e * dpr, f * dpr);
}

/** Draws in CSS pixels of the render. */
export function setScreen({ c, dpr }: Pick<Frame, 'c' | 'dpr'>) {
  c.setTransform(dpr, 0, 0, dpr, 0, 0);
}

/** One CSS pixel in world units, for line widths drawn in the world transform. */
export const pixel = (frame: Frame) => 1 / frame.view.scale;

/** Starts a path through world points, in screen space: a track, a fence's outline. */
export function traceWorld(
  c: Context2D,
  camera: Camera,
  points: readonly (readonly [number, number])[],
) {
  c.beginPath();
  points.forEach(([x, y], i) => {
    const [sx, sy] = worldToScreen(camera, x, y);
    if (i === 0) c.moveTo(sx, sy);
    else c.lineTo(sx, sy);
  });
}

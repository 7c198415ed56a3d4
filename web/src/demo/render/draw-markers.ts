// The markers, screen space: pins (start, end, a place), the visitor's "here" with its bubble, and
// connectors (a lift, stairs) with theirs. In the 2.5D view a marker stands on its unit's roof.
import { drawGlyph } from '../icons';
import type { Box } from '../geometry';
import type { LevelModel } from '../level-model';
import type { LabelTone } from '../map-labels';
import { type Camera, worldToScreen } from '../projection';
import { glyphColours, mapColours } from '../style';
import { type Frame, font, fontFamily } from './frame';
import type { MapMarker } from './layers';

/** The height a marker stands at: its unit's roof in the 2.5D view, else the floor. */
export function markerZ(model: LevelModel | undefined, raised: boolean, marker: MapMarker): number {
  if (!raised || !marker.unit) return 0;
  return model?.byId.get(marker.unit)?.style.height ?? 0;
}

/** Where the markers stand on screen, for the labels to keep clear of. */
export function markerBoxes(
  camera: Camera,
  markers: readonly MapMarker[],
  z: (marker: MapMarker) => number,
  measure: (text: string, tone: LabelTone) => number,
): Box[] {
  return markers.map((marker) => {
    const [sx, sy] = worldToScreen(camera, marker.x, marker.y, z(marker));
    if (marker.kind === 'start' || marker.kind === 'end' || marker.kind === 'place') {
      return [sx - 13, sy - 38, sx + 13, sy + 2];
    }
    const width = marker.text ? measure(marker.text, 'normal') + 16 : 24;
    return [sx - Math.max(width / 2, 14), sy - 42, sx + Math.max(width / 2, 14), sy + 14];
  });
}

export function drawMarkers(frame: Frame) {
  const { c, view, level, raised, layers } = frame;
  for (const marker of layers.markers) {
    const z = markerZ(level.model, raised, marker);
    const [sx, sy] = worldToScreen(view, marker.x, marker.y, z);
    c.save();
    c.translate(sx, sy);
    if (marker.kind === 'here') {
      c.fillStyle = 'rgb(225 29 72 / 18%)';
      c.beginPath();
      c.arc(0, 0, 18, 0, Math.PI * 2);
      c.fill();
      c.fillStyle = mapColours.here;
      c.strokeStyle = '#ffffff';
      c.lineWidth = 3;
      c.beginPath();
      c.arc(0, 0, 8, 0, Math.PI * 2);
      c.fill();
      c.stroke();
      if (marker.text) bubble(frame, marker.text, -24, mapColours.here);
    } else if (marker.kind === 'connector') {
      drawGlyph(c, marker.glyph ?? 'elevator', 11);
      if (marker.text) bubble(frame, marker.text, -20, glyphColours[marker.glyph ?? 'elevator']);
    } else {
      c.fillStyle = pinColour[marker.kind];
      c.strokeStyle = '#ffffff';
      c.lineWidth = 2;
      c.beginPath();
      c.moveTo(0, 0);
      c.bezierCurveTo(-4, -8, -12, -14, -12, -24);
      c.arc(0, -24, 12, Math.PI, 0);
      c.bezierCurveTo(12, -14, 4, -8, 0, 0);
      c.closePath();
      c.fill();
      c.stroke();
      c.fillStyle = '#ffffff';
      if (marker.text) {
        c.font = `600 12px ${fontFamily}`;
        c.textAlign = 'center';
        c.textBaseline = 'middle';
        c.fillText(marker.text, 0, -24);
      } else {
        c.beginPath();
        c.arc(0, -24, 4.5, 0, Math.PI * 2);
        c.fill();
      }
    }
    c.restore();
  }
}

const pinColour = {
  start: mapColours.entrance,
  end: mapColours.here,
  place: mapColours.highlight,
};

/** A rounded box of words above a marker. */
function bubble({ c, measure }: Frame, text: string, bottom: number, colour: string) {
  c.font = font('normal');
  const w = measure(text, 'normal') + 14;
  const h = 22;
  const x = -w / 2;
  const y = bottom - h;
  c.fillStyle = colour;
  c.beginPath();
  c.roundRect(x, y, w, h, 6);
  c.moveTo(-5, bottom);
  c.lineTo(0, bottom + 5);
  c.lineTo(5, bottom);
  c.fill();
  c.fillStyle = '#ffffff';
  c.textAlign = 'center';
  c.textBaseline = 'middle';
  c.fillText(text, 0, y + h / 2 + 0.5);
}

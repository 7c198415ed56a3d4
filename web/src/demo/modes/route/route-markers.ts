// The route's pins on the level shown: where it starts and ends, and where it changes level (a
// bubble naming the lift or stairs where it leaves the level, a plain pin where it comes in).
import type { LevelModel } from '../../level-model';
import { lonLatToWorld } from '../../projection';
import type { MapMarker } from '../../render/layers';
import type { RouteModel } from '../../route-track';
import { glyphFor } from '../../style';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { unitOf } from '../units';

export function routeMarkers(
  route: RouteModel,
  level: string,
  origin: [number, number],
  model: LevelModel | null,
  words: ViewerWords,
  /** A guide screen's id: a route from it has no start pin, the screen's own marker says where. */
  hereId?: string,
): MapMarker[] {
  const list: MapMarker[] = [];
  const { from, to, transitions } = route.answer;
  route.legs.forEach((leg, index) => {
    const transition = transitions[index];
    if (!transition) return;
    const glyph = glyphFor(transition.kind) ?? 'elevator';
    if (leg.level === level && leg.points.length >= 2) {
      list.push({
        kind: 'connector',
        x: leg.points[leg.points.length - 2] as number,
        y: leg.points[leg.points.length - 1] as number,
        glyph,
        text: fill(words.transition_marker, { name: transition.name, level: transition.to_level }),
      });
    }
    const next = route.legs[index + 1];
    if (next && next.level === level && next.points.length >= 2) {
      list.push({
        kind: 'connector',
        x: next.points[0] as number,
        y: next.points[1] as number,
        glyph,
      });
    }
  });
  const pin = (kind: 'start' | 'end', end: typeof from, text: string) => {
    const [x, y] = lonLatToWorld(origin, end.point);
    list.push({ kind, x, y, text, unit: end.id ? unitOf(model, end.id) : undefined });
  };
  if (from.level === level && from.id !== hereId) pin('start', from, words.marker_start);
  if (to.level === level) pin('end', to, words.marker_end);
  return list;
}

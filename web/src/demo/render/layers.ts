// What the map shows over the level: one immutable object, handed to the renderer whole
// (renderer.setLayers) by the viewer's modes, and read by the draw passes.
import type { HeatLayer, TakenSpaces } from '../heat-map';
import type { FenceOutline, LiveDot } from '../live-dots';
import type { RouteModel } from '../route-track';
import type { Glyph } from '../style';

export interface MapMarker {
  readonly kind: 'start' | 'end' | 'here' | 'place' | 'connector';
  readonly x: number;
  readonly y: number;
  /** The unit it stands in: in the 2.5D view the marker sits on that unit's roof. */
  readonly unit?: string | undefined;
  /** The pin's letter, or the bubble's words. */
  readonly text?: string | undefined;
  readonly glyph?: Glyph | undefined;
}

export interface MapLayers {
  readonly route: RouteModel | null;
  readonly markers: readonly MapMarker[];
  /** The live positioning demo's tags (issue #17), over everything else. */
  readonly liveDots: readonly LiveDot[];
  /** A replayed track's line on this level. */
  readonly liveLine: readonly (readonly [number, number])[];
  /** A fence drawn on this level. */
  readonly liveFence: FenceOutline | null;
  /** The venue's own fences on this level. */
  readonly venueFences: readonly (readonly (readonly [number, number])[])[];
  /** A device plan's coverage gaps on this level: outlines, dashed red. */
  readonly gaps: readonly (readonly (readonly [number, number])[])[];
  /** The flow analytics' heat map of this level (or a device plan's error), over the floor and
   * under the labels. */
  readonly heat: HeatLayer | null;
  /** Parking spaces with a car in them (the flow analytics' car park), drawn red. */
  readonly taken: TakenSpaces | null;
  /** The unit picked, outlined. */
  readonly highlight: string | null;
}

export const noLayers: MapLayers = Object.freeze({
  route: null,
  markers: [],
  liveDots: [],
  liveLine: [],
  liveFence: null,
  venueFences: [],
  gaps: [],
  heat: null,
  taken: null,
  highlight: null,
});

/** Whether two sets of layers hold the very same layers: the map redraws only when one changed. */
export function sameLayers(a: MapLayers, b: MapLayers): boolean {
  return (Object.keys(noLayers) as (keyof MapLayers)[]).every((key) => a[key] === b[key]);
}

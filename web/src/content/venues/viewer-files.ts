// The viewer's data files, written by the web build (src/content/venues/) into dist/venues/ and
// served as they are by the server (GET /api/venues/{id} and /levels/{short}). Coordinates are
// integers in decimetres in the venue's local frame: x east, y north, from the venue's origin.
// Only types here: the build writes these shapes and the viewer reads them.

/** A ring as a flat list [x0, y0, x1, y1, ...] without the closing repeat. */
export type Ring = number[];
/** A polygon: the exterior ring first, then its holes. */
export type Poly = Ring[];
export type Point = [number, number];

export interface VenueSummary {
  v: 1;
  /** The venue id of URLs, e.g. "demo-mall". */
  id: string;
  name: string;
  /** IMDF venue category, e.g. "shoppingcenter". */
  category: string;
  /** [lon, lat] of the local frame's origin (the venue's display point). */
  origin: [number, number];
  /** minX, minY, maxX, maxY over all levels, in decimetres. */
  bounds: [number, number, number, number];
  /** Ascending ordinal. */
  levels: LevelEntry[];
  /** Short name of the level shown first. */
  defaultLevel: string;
  kiosks: KioskEntry[];
  entrances: EntranceEntry[];
  samples: VenueSamples;
  /** Category -> Chinese label, for every category used in this venue. */
  labels: Record<string, string>;
  /** What the online editor offers (category -> label, in order): a visitor's building only. */
  choices?: { units: Record<string, string>; amenities: Record<string, string> };
  /** The relationships joining rooms, for the editor: a visitor's building only. */
  links?: LinkEntry[];
  /** The venue's own fences (IMDF geofences), which the live stream watches (issue #17). */
  fences: FenceEntry[];
}

export interface FenceEntry {
  id: string;
  name: string;
  level: string;
  /** The outline, decimetres. */
  ring: Point[];
}

export interface LevelEntry {
  id: string;
  /** The level's short name, its key in URLs: "B2", "L1". */
  short: string;
  name: string;
  ordinal: number;
  /** The storey's height in metres as the data gives it; null: the venue contract's default. */
  height: number | null;
  parking: boolean;
}

export interface KioskEntry {
  id: string;
  name: string;
  level: string;
  at: Point;
  /** Where a visitor standing at the screen looks, degrees clockwise from north. */
  facing: number;
}

/** An IMDF relationship (a lift, an escalator, a stair across levels) and the rooms it joins. */
export interface LinkEntry {
  id: string;
  category: string;
  units: { id: string; level: string; name?: string }[];
}

export interface EntranceEntry {
  id: string;
  name: string;
  level: string;
  at: Point;
}

export interface VenueSamples {
  queries: string[];
  plates: string[];
  /** Locations (API syntax) of the example route. */
  routeFrom: string;
  routeTo: string;
  /** Where a visitor is when no start is chosen. */
  start: string;
}

export interface LevelData {
  v: 1;
  id: string;
  short: string;
  name: string;
  ordinal: number;
  outline: Poly[];
  units: UnitShape[];
  openings: OpeningShape[];
  amenities: AmenityShape[];
  fixtures: FixtureShape[];
  sections: SectionShape[];
  kiosks: KioskShape[];
}

/**
 * A level as a hand-over page's first frame carries it (issue #34): the ids of openings without a
 * name left out, which only the map editor reads (server/src/site/venue_files.rs, `frame_level`).
 */
export type LevelDraft = Omit<LevelData, 'openings'> & {
  openings: (Omit<OpeningShape, 'id'> & { id?: string })[];
};

export interface UnitShape {
  id: string;
  /** IMDF unit category. */
  c: string;
  g: Poly;
  /** Display name: the occupant's, else the unit's own. */
  n?: string;
  /** Label point. */
  lp?: Point;
  o?: OccupantInfo;
}

export interface OccupantInfo {
  id: string;
  /** IMDF occupant category. */
  c: string;
  /** Opening hours, OSM syntax. */
  h?: string;
  /** Phone, E.164. */
  p?: string;
  /** Website. */
  w?: string;
}

export interface OpeningShape {
  id: string;
  c: string;
  /** x1, y1, x2, y2 */
  a: [number, number, number, number];
  n?: string;
}

export interface AmenityShape {
  id: string;
  c: string;
  at: Point;
  n?: string;
  /** The unit it stands in. */
  u: string;
}

export interface FixtureShape {
  id: string;
  c: string;
  g: Poly;
}

export interface SectionShape {
  id: string;
  c: string;
  g: Poly;
  n?: string;
}

export interface KioskShape {
  id: string;
  g: Poly;
  at: Point;
  n: string;
}

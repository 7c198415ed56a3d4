// Generated from the server's answer types (server/src/http/answer_types.rs): do not edit.
// SITE_WRITE_ANSWER_TYPES=1 cargo test --release -p site-server --lib answer_types writes it again.

export type SearchAnswer = { query: string, results: Array<SearchResult>, };

export type SearchResult = { id: string, kind: string, 
/**
 * Its name, or its category's label when it has none.
 */
name: string | null, category: string | null, category_label: string | null, level: string, 
/**
 * `[lon, lat]`
 */
point: [number, number], 
/**
 * The unit it is in, when it is in one.
 */
unit: string | null, 
/**
 * How the query matched it (name, pinyin, initials, category...).
 */
match: string, 
/**
 * Walking distance from `near`, when asked.
 */
distance_m: number | null, };

export type RouteAnswer = { from: RouteEnd, to: RouteEnd, accessible: boolean, distance_m: number, duration_s: number, legs: Array<RouteLeg>, transitions: Array<RouteTransition>, steps: Array<RouteStep>, };

export type RouteEnd = { 
/**
 * The place's IMDF id; null for a point given by coordinates.
 */
id: string | null, kind: string, 
/**
 * Its name, or what the point is near.
 */
name: string, 
/**
 * The level's short name.
 */
level: string, 
/**
 * `[lon, lat]`
 */
point: [number, number], };

export type RouteLeg = { level: string, distance_m: number, duration_s: number, 
/**
 * How far along the route the leg starts.
 */
start_m: number, path: LegPath, };

export type LegPath = { type: 'Feature', properties: LegProperties, geometry: LineString, };

export type LegProperties = { level: string, };

export type LineString = { type: 'LineString', coordinates: Array<[number, number]>, };

export type RouteTransition = { kind: string, name: string, from_level: string, to_level: string, duration_s: number, };

export type RouteStep = { kind: string, text: string, level: string, point: [number, number], 
/**
 * How far along the route it is.
 */
along_m: number, 
/**
 * The index of its leg.
 */
leg: number, };

export type FindCarAnswer = { 
/**
 * The car as asked for, normalised.
 */
car: string, 
/**
 * Whether `car` was a plate (else a space).
 */
plate: boolean, space: ParkingSpace, route: RouteAnswer, };

export type ParkingSpace = { id: string | null, kind: string, name: string | null, 
/**
 * The level's short name.
 */
level: string, 
/**
 * `[lon, lat]`
 */
point: [number, number], 
/**
 * The car park's zone, when the venue names zones.
 */
zone: string | null, };

export type KioskAnswer = { kiosk: Kiosk, directory: Array<DirectorySection>, };

export type Kiosk = { id: string, name: string | null, level: string, point: [number, number], 
/**
 * The screen's facing, degrees clockwise from north.
 */
facing: number, };

export type DirectorySection = { label: string, levels: Array<DirectoryLevel>, };

export type DirectoryLevel = { level: string, entries: Array<DirectoryEntry>, };

export type DirectoryEntry = { id: string, name: string, category: string, kind: string, };

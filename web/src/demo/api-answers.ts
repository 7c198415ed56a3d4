// Generated from the server's answer types (server/src/http/answer_types.rs): do not edit.
// SITE_WRITE_ANSWER_TYPES=1 cargo test --release -p site-server --lib answer_types writes it again.

export type Technology = 'ble' | 'aoa' | 'uwb';

export const planTargets: Record<Technology, [min: number, max: number, offered: number]> = { ble: [1, 10, 3], aoa: [0.3, 5, 1], uwb: [0.1, 2, 0.3] };

export type VenueList = { venues: Array<VenueListEntry>, };

export type VenueListEntry = { id: string, name: string, 
/**
 * Its IMDF venue category (`shoppingcenter`, `healthcare`...).
 */
category: string, 
/**
 * The levels' short names, in the summary's order.
 */
levels: Array<string>, default_level: string, };

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

export type TrackAnswer = { tag: string, 
/**
 * Null when the span holds no second.
 */
technology: Technology | null, from: number | null, to: number | null, points: Array<TrackPoint>, };

export type TrackPoint = { second: number, level: string, 
/**
 * `[lon, lat]` of the estimate.
 */
point: [number, number], truth: Truth, };

export type Truth = { 
/**
 * Null when it is on no level the venue has (between floors in a lift).
 */
level: string | null, point: [number, number], };

export type FlowAnswer = { venue: string, 
/**
 * Beijing's date, 2026-11-25.
 */
date: string, weekend: boolean, 
/**
 * Hours of the day counted: 24 for a past day, the full hours so far for today.
 */
hours_counted: number, visitors: number, 
/**
 * Visitors who arrived in each hour, 0 to 23.
 */
arrivals: Array<number>, 
/**
 * Visitors in the venue at the middle of each hour.
 */
present: Array<number>, 
/**
 * Every zone (occupant), the most visited first.
 */
zones: Array<FlowZone>, heat: FlowHeat, 
/**
 * The car park; null for a venue without one.
 */
parking: FlowParking | null, };

export type FlowZone = { id: string, name: string | null, category: string | null, level: string, visitors: number, 
/**
 * Visits that began in each hour.
 */
visits: Array<number>, dwell_median_s: number | null, dwell_mean_s: number | null, };

export type FlowHeat = { peak_s: number, 
/**
 * The level's short name.
 */
level: string, cell_m: number, south_west: [number, number], north_east: [number, number], columns: number, rows: number, cells: string, };

export type HeatGrid = { 
/**
 * The level's short name.
 */
level: string, cell_m: number, south_west: [number, number], north_east: [number, number], columns: number, rows: number, cells: string, };

export type FlowParking = { 
/**
 * Spaces taken at the middle of each hour, per parking level.
 */
levels: Array<FlowParkingLevel>, 
/**
 * The hour `taken` is for.
 */
at: number, level: string, 
/**
 * Unit ids of the spaces taken on `level` at `at`.
 */
taken: Array<string>, };

export type FlowParkingLevel = { level: string, spaces: number, occupied: Array<number>, };

export type LiveEvent = { second: number, 
/**
 * The level shown; null: every level.
 */
level: string | null, tags: Array<LiveTagEvent>, accuracy: Array<LiveAccuracyEvent>, alerts: Array<LiveAlertEvent>, };

export type LiveTagEvent = { id: string, technology: Technology, level: string, point: [number, number], 
/**
 * The filter's own uncertainty, metres.
 */
spread_m: number, 
/**
 * Only in the views that ask for the truth.
 */
truth?: Truth, };

export type LiveAccuracyEvent = { technology: Technology, cep50_m: number, cep95_m: number, floor_rate: number, fixes: number, };

export type LiveAlertEvent = { kind: 'sos' | 'enter' | 'exit' | 'dwell', tag: string, 
/**
 * "drawn" (the visitor's fence), a venue fence's name, or null (an SOS press).
 */
fence: string | null, second: number, level: string, point: [number, number], };

export type BuildingCreated = { 
/**
 * The building's id: its link's capability, 32 hex digits.
 */
id: string, name: string, 
/**
 * Unix milliseconds after which the building is gone.
 */
expires_at: number, levels: Array<BuildingLevel>, 
/**
 * Entries of the upload that are not IMDF files and were left out.
 */
ignored: Array<string>, 
/**
 * Its features, every file together.
 */
features: number, 
/**
 * The demo page showing the building.
 */
link: string, };

export type BuildingInfo = { id: string, name: string, created_at: number, expires_at: number, levels: Array<BuildingLevel>, version: number, 
/**
 * The size of its IMDF archive.
 */
archive_bytes: number, link: string, };

export type BuildingLevel = { short: string, name: string, };

export type ApiRefusal = { error: RefusalDetail, };

export type RefusalDetail = { 
/**
 * The query parameter or path segment at fault; null for the request as a whole.
 */
field: string | null, 
/**
 * Stable, for scripts to tell refusals apart (`venue_unknown`, `no_route`...).
 */
code: string, 
/**
 * For people, in the language asked (`lang=` or Accept-Language, Chinese by default).
 */
message: string, 
/**
 * An uploaded building's problems (`building_invalid`); absent otherwise.
 */
problems?: Array<BuildingProblem>, };

export type BuildingProblem = { 
/**
 * The file at fault as the visitor named it: `unit.geojson` in their archive, `L1.dxf`.
 */
file: string, 
/**
 * The feature id, or the DXF entity's handle (`2F`), when one is at fault.
 */
feature: string | null, 
/**
 * The property at fault, or the DXF layer; empty when neither.
 */
field: string, 
/**
 * The rule broken: the venue check's (`geometry`, `references`...) or the drawing's
 * (`dxf-room`, `dxf-door`...).
 */
rule: string, message: string, };

export type DrawingAnswer = { layers: Array<DrawingLayer>, 
/**
 * The drawing's own unit (`$INSUNITS`); null when it has none.
 */
unit: DrawingUnit | null, 
/**
 * The model space's extents, drawing units; null when it is empty.
 */
extents: DrawingExtents | null, };

export type DrawingLayer = { name: string, 
/**
 * Entities by DXF type (`LWPOLYLINE`, `INSERT`, `TEXT`...).
 */
counts: { [key in string]?: number }, 
/**
 * Closed polylines: what a room layer holds, one per room.
 */
closed_polylines: number, 
/**
 * The first few words written on the layer.
 */
texts: Array<string>, 
/**
 * The meaning its name suggests.
 */
suggested: LayerUse, };

export type DrawingExtents = { min: [number, number], max: [number, number], };

export type LayerUse = "wall" | "door" | "room" | "elevator" | "escalator" | "stairs" | "text" | "ignore";

export type DrawingUnit = "millimetre" | "centimetre" | "metre" | "inch" | "foot";

export type DrawingMapping = { venue_name: string, address: DrawingAddress, placement: DrawingPlacement, 
/**
 * One per drawing, in any order (the ordinals order them).
 */
levels: Array<DrawingLevel>, };

export type DrawingAddress = { 
/**
 * Street and number (`示例路 1 号`).
 */
address: string, 
/**
 * City (`上海市`).
 */
locality: string, 
/**
 * ISO 3166-2 (`CN-SH`).
 */
province: string | null, 
/**
 * ISO 3166 alpha-2 (`CN`).
 */
country: string, };

export type DrawingPlacement = { at: [number, number], lon: number, lat: number, rotation_deg: number, };

export type DrawingLevel = { 
/**
 * The drawing's file name, as its part of the upload names it.
 */
file: string, 
/**
 * The name visitors see (`一层`).
 */
name: string, 
/**
 * The level's key (`L1`).
 */
short_name: string, 
/**
 * 0 for the ground level, negative below it.
 */
ordinal: number, 
/**
 * Meaning per layer name; a layer not listed is ignored.
 */
layers: { [key in string]?: LayerUse }, 
/**
 * The drawing unit, when the drawing does not say or says wrong.
 */
unit: DrawingUnit | null, 
/**
 * Two points of the drawing and their real distance, for a drawing of unknown unit.
 */
known_length: DrawingLength | null, };

export type DrawingLength = { a: [number, number], b: [number, number], metres: number, };

export type EditRequest = { 
/**
 * The version the changes were made to.
 */
base: number, changes: Array<FeatureChange>, };

export type EditSaved = { 
/**
 * The building's version now.
 */
version: number, 
/**
 * The changes that undo the edit, in the order to send them.
 */
undo: Array<FeatureChange>, };

export type FeatureChange = { "op": "add", feature: { type: 'Feature'; id: string; feature_type: string; geometry: unknown; properties: Record<string, unknown> }, } | { "op": "patch", feature_type: string, id: string, geometry?: unknown, properties?: Record<string, unknown>, } | { "op": "move", feature_type: string, id: string, east_m: number, north_m: number, } | { "op": "slide", feature_type: string, id: string, along_m: number, } | { "op": "add_door", 
/**
 * The new door's id.
 */
id: string, unit: string, at: [number, number], width_m: number, } | { "op": "draw_room", 
/**
 * The new room's id.
 */
id: string, 
/**
 * Its door's id.
 */
door_id: string, level_id: string, corners: [number, number][], name?: string, category: string, } | { "op": "move_corner", id: string, at: [number, number], to: [number, number], } | { "op": "add_corner", id: string, at: [number, number], } | { "op": "remove_corner", id: string, at: [number, number], } | { "op": "remove_room", id: string, } | { "op": "order_levels", ids: Array<string>, } | { "op": "remove", feature_type: string, id: string, };

export type PlanQueued = { ahead: number, };

export type PlanProgress = { round: number, stage: 'placing' | 'measuring', reach_m: number | null, devices: number | null, walked: number | null, walkers: number | null, };

export type PlanAnswer = { technology: Technology, target_cep95_m: number, 
/**
 * The zone of the levels covered, and whether stairwells count.
 */
zone: 'all' | 'parking' | 'circulation' | 'rooms' | 'rest', stairs: boolean, meets_target: boolean, devices: Array<PlannedDevice>, 
/**
 * All levels the plan covers.
 */
total: PlanFigures, levels: Array<PlanFigures>, 
/**
 * Demand points sampled every 2 m, and those no device can serve as asked.
 */
points: number, short_points: number, 
/**
 * Empty for a layout the visitor changed: measured as it is, not placed.
 */
rounds: Array<PlanRound>, 
/**
 * The lab's error per level, for its heat map.
 */
heat: Array<PlanHeat>, 
/**
 * Per level, the points no device serves even at the longest reach the target allows,
 * outlined: each outline a closed ring of `[lon, lat]` corners (the first not repeated).
 */
gaps: Array<PlanGaps>, };

export type PlannedDevice = { 
/**
 * "L1-BLE-001".
 */
name: string, level: string, 
/**
 * `[lon, lat]`.
 */
point: [number, number], 
/**
 * Mount height above the level's floor.
 */
height_m: number, };

export type PlanFigures = { 
/**
 * The level's short name; "" for all levels.
 */
level: string, fixes: number, cep50_m: number, cep75_m: number, cep95_m: number, floor_rate: number, served_share: number, 
/**
 * Seconds of scanning to a walker's first fix from a cold start: the median walker's and
 * the 95th percentile's (0 with no walker).
 */
first_fix_p50_s: number, first_fix_p95_s: number, };

export type PlanRound = { reach_m: number, devices: number, cep95_m: number, };

export type PlanHeat = { scale_m: number, 
/**
 * The level's short name.
 */
level: string, cell_m: number, south_west: [number, number], north_east: [number, number], columns: number, rows: number, cells: string, };

export type PlanGaps = { level: string, 
/**
 * Demand points (one every 2 m) left without service.
 */
points: number, outlines: Array<Array<[number, number]>>, };

export type PlanFailed = { code: string, message: string, };

export type LayoutRequest = { devices: Array<LayoutDevice>, };

export type LayoutDevice = { 
/**
 * The level's short name ("L1").
 */
level: string, 
/**
 * `[lon, lat]`.
 */
point: [number, number], };

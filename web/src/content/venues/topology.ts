// How visitors move through a venue, as the route engine sees it (docs/venue-contract.md sections
// 2.5-2.7): the role of each unit category, and which units a visitor can reach from an entrance
// through doors (openings), open edges between walkable units and lifts, escalators, stairs and
// ramps (relationships). The build uses it to refuse a venue with a shop no route can reach.

export type UnitRole = 'walkable' | 'connector' | 'closed' | 'destination';

/** Public circulation: routes run inside them. */
export const walkableCategories: ReadonlySet<string> = new Set([
  'walkway',
  'lobby',
  'road',
  'ramp',
  'footbridge',
  'unenclosedarea',
]);

/** Vertical movement, joined across levels by relationships (ramps also walk, see above). */
export const connectorCategories: ReadonlySet<string> = new Set([
  'elevator',
  'escalator',
  'stairs',
]);

/** Never entered. */
export const closedCategories: ReadonlySet<string> = new Set([
  'opentobelow',
  'structure',
  'column',
  'nonpublic',
  'storage',
  'brick',
  'concrete',
  'drywall',
  'glass',
  'wood',
  'vegetation',
  'serverroom',
]);

/** Everything else is a destination: entered only through its openings, never walked through. */
export function unitRole(category: string): UnitRole {
  if (walkableCategories.has(category)) return 'walkable';
  if (connectorCategories.has(category)) return 'connector';
  if (closedCategories.has(category)) return 'closed';
  return 'destination';
}

/** Opening categories a visitor arrives through (emergency exits and service doors are not). */
export const entranceCategories: ReadonlySet<string> = new Set([
  'pedestrian',
  'pedestrian.principal',
  'pedestrian.transit',
]);

export interface WalkNetwork {
  /** Every unit with its role. */
  units: ReadonlyMap<string, UnitRole>;
  /** The units each opening joins (two, or one for a door to the outside). */
  doors: Iterable<readonly string[]>;
  /** Pairs of walkable units sharing an open edge. */
  openEdges: Iterable<readonly [string, string]>;
  /** Rides between connector units; `directed` rides (escalators) go one way only. */
  rides: Iterable<{ units: readonly string[]; directed: boolean }>;
  /** Units joined by an entrance: where visitors start. */
  entrances: Iterable<string>;
}

/**
 * The units a visitor can reach from any entrance. Destinations are reached but never walked
 * through; closed units are never entered.
 */
export function reachableUnits(network: WalkNetwork): Set<string> {
  const next = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    if (from === to) return;
    let set = next.get(from);
    if (!set) next.set(from, (set = new Set()));
    set.add(to);
  };
  for (const units of network.doors) {
    for (const a of units) for (const b of units) link(a, b);
  }
  for (const [a, b] of network.openEdges) {
    link(a, b);
    link(b, a);
  }
  for (const { units, directed } of network.rides) {
    for (let i = 0; i + 1 < units.length; i++) {
      link(units[i]!, units[i + 1]!);
      if (!directed) link(units[i + 1]!, units[i]!);
    }
  }
  const reached = new Set<string>();
  const queue: string[] = [];
  const enter = (unit: string) => {
    const role = network.units.get(unit);
    if (!role || role === 'closed' || reached.has(unit)) return;
    reached.add(unit);
    if (role !== 'destination') queue.push(unit);
  };
  for (const unit of network.entrances) enter(unit);
  while (queue.length > 0) {
    for (const unit of next.get(queue.pop()!) ?? []) enter(unit);
  }
  return reached;
}

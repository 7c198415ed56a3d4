// How visitors move through a venue, as the route engine sees it (docs/venue-contract.md sections
// 2.5-2.7): the role of each unit category, and which units a visitor can reach from an entrance
// through doors (openings), open edges between walkable units and lifts, escalators, stairs and
// ramps (relationships). The build uses it to refuse a venue with a shop no route can reach. The
// roles are docs/venue-contract.json's `unit_roles`, imported alone (contract.ts checks the whole
// file at build time): the viewer imports this module and takes the role lists and nothing more.
import { unit_roles as unitRoles } from '../../../../docs/venue-contract.json';

export type UnitRole = 'walkable' | 'connector' | 'closed' | 'destination';

/**
 * Walkable units are public circulation (routes run inside them), connectors join levels, closed
 * units are never entered; every category the contract does not list is a destination, entered
 * only through its openings and never walked through.
 */
export function unitRole(category: string): UnitRole {
  for (const role in unitRoles) {
    if (unitRoles[role as keyof typeof unitRoles].includes(category)) return role as UnitRole;
  }
  return 'destination';
}

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

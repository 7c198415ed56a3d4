// A route answer (docs/venue-contract.md §4.4) in world decimetres, and the simulated walk along it: where the dot is after
// a distance, which step the visitor is on, and when the walk rides a lift to the next level. Steps
// begin at `along_m`, the distance walked (rides add none), so the current step follows from the
// distance travelled.
import type { RouteAnswer, RouteStep } from './api';
import { lonLatToWorld } from './projection';

export interface RouteLine {
  level: string;
  /** Flat [x0, y0, x1, y1, ...] in decimetres. */
  points: number[];
  /** Geometric length along the line to each point, decimetres. */
  lengths: number[];
  /** Walked distance at the leg's start and end, metres (the answer's start_m and distance_m). */
  start: number;
  end: number;
}

export interface RouteModel {
  answer: RouteAnswer;
  legs: RouteLine[];
  /** The levels it passes, in order, without repeats. */
  levels: string[];
}

export function modelRoute(answer: RouteAnswer, origin: [number, number]): RouteModel {
  const legs = answer.legs.map((leg): RouteLine => {
    const points: number[] = [];
    const lengths: number[] = [];
    let total = 0;
    for (const coordinate of leg.path.geometry.coordinates) {
      const [x, y] = lonLatToWorld(origin, coordinate);
      if (points.length) {
        total += Math.hypot(
          x - (points[points.length - 2] as number),
          y - (points[points.length - 1] as number),
        );
      }
      points.push(x, y);
      lengths.push(total);
    }
    return {
      level: leg.level,
      points,
      lengths,
      start: leg.start_m,
      end: leg.start_m + leg.distance_m,
    };
  });
  const levels: string[] = [];
  for (const leg of legs) if (levels[levels.length - 1] !== leg.level) levels.push(leg.level);
  return { answer, legs, levels };
}

export interface TrackPoint {
  x: number;
  y: number;
  /** Direction of travel, radians clockwise from north. */
  heading: number;
}

/** Where a walker is on a leg after walking `along` metres of the whole route. */
export function pointOnLeg(leg: RouteLine, along: number): TrackPoint {
  const { points, lengths } = leg;
  const count = lengths.length;
  if (count === 0) return { x: 0, y: 0, heading: 0 };
  const total = lengths[count - 1] as number;
  const span = leg.end - leg.start;
  const t = span > 0 ? Math.min(Math.max((along - leg.start) / span, 0), 1) : 1;
  const target = t * total;
  let i = 1;
  while (i < count - 1 && (lengths[i] as number) < target) i += 1;
  if (count === 1) return { x: points[0] as number, y: points[1] as number, heading: 0 };
  const x0 = points[2 * i - 2] as number;
  const y0 = points[2 * i - 1] as number;
  const x1 = points[2 * i] as number;
  const y1 = points[2 * i + 1] as number;
  const l0 = lengths[i - 1] as number;
  const l1 = lengths[i] as number;
  const f = l1 > l0 ? Math.min(Math.max((target - l0) / (l1 - l0), 0), 1) : 0;
  return { x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f, heading: Math.atan2(x1 - x0, y1 - y0) };
}

const connectorKinds = new Set(['elevator', 'escalator', 'stairs', 'ramp']);

export function isConnectorStep(step: RouteStep): boolean {
  return connectorKinds.has(step.kind);
}

export interface NavState {
  leg: number;
  /** Metres walked from the route's start. */
  along: number;
  /** Seconds left on the ride to the next leg; 0 while walking. */
  ride: number;
  done: boolean;
}

export function startNav(route: RouteModel): NavState {
  return { leg: 0, along: route.legs[0]?.start ?? 0, ride: 0, done: route.legs.length === 0 };
}

/** Moves the walk on by dt seconds at `speed` metres a second; a ride lasts `rideTime` seconds. */
export function advanceNav(
  route: RouteModel,
  state: NavState,
  dt: number,
  speed: number,
  rideTime: number,
): NavState {
  if (state.done) return state;
  if (state.ride > 0) {
    const ride = state.ride - dt;
    if (ride > 0) return { ...state, ride };
    const leg = state.leg + 1;
    return { leg, along: route.legs[leg]?.start ?? state.along, ride: 0, done: false };
  }
  const current = route.legs[state.leg];
  if (!current) return { ...state, done: true };
  const along = state.along + speed * dt;
  if (along < current.end) return { ...state, along };
  if (state.leg >= route.legs.length - 1) return { ...state, along: current.end, done: true };
  return { ...state, along: current.end, ride: rideTime };
}

/**
 * The step the walker is on. While riding, it is the ride's own step; while walking, the last step
 * begun, where a ride's step counts only once the ride has brought the walker to this leg.
 */
export function currentStep(route: RouteModel, state: NavState): number {
  const steps = route.answer.steps;
  const eps = 0.01;
  const leg = route.legs[state.leg];
  if (state.ride > 0 && leg) {
    const ride = steps.findIndex((step) => isConnectorStep(step) && step.along_m >= leg.end - 1);
    if (ride >= 0) return ride;
  }
  let index = 0;
  steps.forEach((step, i) => {
    if (step.along_m > state.along + eps) return;
    if (!isConnectorStep(step) && step.leg > state.leg) return;
    if (isConnectorStep(step) && !(state.leg > 0 && leg && step.along_m <= leg.start + eps)) return;
    index = i;
  });
  if (state.done) return steps.length - 1;
  return index;
}

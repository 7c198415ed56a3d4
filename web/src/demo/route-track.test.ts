import { describe, expect, it } from 'vitest';
import type { RouteStep } from './api';
import { lonLatToWorld } from './projection';
import {
  type NavState,
  advanceNav,
  currentStep,
  modelRoute,
  pointOnLeg,
  startNav,
} from './route-track';
import { testLeg, testLonLat as at, testRoute, testSummary } from './test-level';

const { origin } = testSummary();

const step = (kind: string, along: number, legIndex: number, level: string): RouteStep => ({
  kind,
  text: kind,
  level,
  point: at(0, 0),
  along_m: along,
  leg: legIndex,
});

// B2: 30 m east then 10 m north to the lift; L5: 20 m east from the lift to the shop.
const answer = testRoute({
  from: { id: 'a', kind: 'space', name: 'B2-015', level: 'B2', point: at(0, 0) },
  to: { id: 'b', kind: 'occupant', name: '星巴克', level: 'L5', point: at(60, 10) },
  legs: [testLeg('B2', 0, [0, 0], [30, 0], [30, 10]), testLeg('L5', 40, [30, 10], [50, 10])],
  transitions: [
    { kind: 'elevator', name: '2 号电梯', from_level: 'B2', to_level: 'L5', duration_s: 40 },
  ],
  steps: [
    step('depart', 0, 0, 'B2'),
    step('turn', 30, 0, 'B2'),
    step('elevator', 40, 0, 'B2'),
    step('straight', 40, 1, 'L5'),
    step('arrive', 60, 1, 'L5'),
  ],
});
const route = modelRoute(answer, origin);

describe('the route in world decimetres', () => {
  it('turns each leg into decimetres with lengths, and lists its levels', () => {
    expect(route.levels).toEqual(['B2', 'L5']);
    const first = route.legs[0]!;
    expect(first.points[2]).toBeCloseTo(300, 3);
    expect(first.lengths.at(-1)).toBeCloseTo(400, 3);
    expect(lonLatToWorld(origin, at(30, 10))[1]).toBeCloseTo(100, 3);
  });

  it('finds the point and heading after a distance', () => {
    const first = route.legs[0]!;
    const p = pointOnLeg(first, 15);
    expect(p.x).toBeCloseTo(150, 2);
    expect(p.y).toBeCloseTo(0, 2);
    expect(p.heading).toBeCloseTo(Math.PI / 2, 3);
    const q = pointOnLeg(first, 35);
    expect(q.x).toBeCloseTo(300, 2);
    expect(q.y).toBeCloseTo(50, 2);
    expect(q.heading).toBeCloseTo(0, 3);
    const second = pointOnLeg(route.legs[1]!, 50);
    expect(second.x).toBeCloseTo(400, 2);
  });
});

describe('step tracking', () => {
  const state = (along: number, legIndex = 0, ride = 0, done = false): NavState => ({
    leg: legIndex,
    along,
    ride,
    done,
  });

  it('takes the current step from the distance travelled', () => {
    expect(currentStep(route, state(0))).toBe(0);
    expect(currentStep(route, state(29.9))).toBe(0);
    expect(currentStep(route, state(30))).toBe(1);
    expect(currentStep(route, state(39.99))).toBe(1);
  });

  it('shows the ride while riding, and the next step once on the new level', () => {
    expect(currentStep(route, state(40))).toBe(1);
    expect(currentStep(route, state(40, 0, 1.2))).toBe(2);
    expect(currentStep(route, state(40, 1))).toBe(3);
    expect(currentStep(route, state(55, 1))).toBe(3);
    expect(currentStep(route, state(60, 1, 0, true))).toBe(4);
  });

  it('walks, rides the lift to the next leg and arrives', () => {
    let nav = startNav(route);
    expect(nav).toEqual({ leg: 0, along: 0, ride: 0, done: false });
    nav = advanceNav(route, nav, 5, 4, 2);
    expect(nav.along).toBeCloseTo(20);
    nav = advanceNav(route, nav, 10, 4, 2);
    expect(nav).toMatchObject({ leg: 0, along: 40, ride: 2, done: false });
    nav = advanceNav(route, nav, 1, 4, 2);
    expect(nav).toMatchObject({ leg: 0, ride: 1 });
    nav = advanceNav(route, nav, 1.5, 4, 2);
    expect(nav).toMatchObject({ leg: 1, along: 40, ride: 0 });
    nav = advanceNav(route, nav, 10, 4, 2);
    expect(nav).toMatchObject({ leg: 1, along: 60, done: true });
    expect(advanceNav(route, nav, 1, 4, 2)).toBe(nav);
  });
});

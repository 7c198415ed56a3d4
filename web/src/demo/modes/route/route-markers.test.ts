import { describe, expect, it } from 'vitest';
import { modelLevel } from '../../level-model';
import { modelRoute } from '../../route-track';
import { testLeg, testLevel, testRoute, testSummary } from '../../test-level';
import { testWords } from '../../test-words';
import { fill } from '../../../format/fill';
import { testAt } from '../test-kit';
import { routeMarkers } from './route-markers';

const words = testWords();
const origin = testSummary().origin;
const model = modelLevel(testLevel());

/** From the west gate on L1 by lift down to the parking space on B1. */
const ride = modelRoute(
  testRoute({
    from: { id: 'gate', kind: 'entrance', name: '西门', level: 'L1', point: testAt(0, 100) },
    to: { id: 'B1-001', kind: 'space', name: 'B1-001', level: 'B1', point: testAt(250, 350) },
    legs: [testLeg('L1', 0, [0, 10], [25, 10]), testLeg('B1', 25, [25, 10], [25, 35])],
    transitions: [
      { kind: 'elevator', name: '1 号电梯', from_level: 'L1', to_level: 'B1', duration_s: 20 },
    ],
    steps: [],
  }),
  origin,
);

const rounded = (markers: ReturnType<typeof routeMarkers>) =>
  markers.map(({ kind, x, y, text }) => ({ kind, x: Math.round(x), y: Math.round(y), text }));

describe("the route's pins", () => {
  it('pins the start, and names the lift where the route leaves the level', () => {
    expect(rounded(routeMarkers(ride, 'L1', origin, model, words))).toEqual([
      {
        kind: 'connector',
        x: 250,
        y: 100,
        text: fill(words.transition_marker, { name: '1 号电梯', level: 'B1' }),
      },
      { kind: 'start', x: 0, y: 100, text: words.marker_start },
    ]);
    const [lift] = routeMarkers(ride, 'L1', origin, model, words);
    expect(lift?.glyph).toBe('elevator');
  });

  it('pins where the route comes in on the next level, plainly, and its end', () => {
    expect(rounded(routeMarkers(ride, 'B1', origin, model, words))).toEqual([
      { kind: 'connector', x: 250, y: 100, text: undefined },
      { kind: 'end', x: 250, y: 350, text: words.marker_end },
    ]);
  });

  it('leaves out the start of a route from a guide screen, which has its own marker', () => {
    const kinds = routeMarkers(ride, 'L1', origin, model, words, 'gate').map((m) => m.kind);
    expect(kinds).toEqual(['connector']);
  });

  it('stands an end pin on the unit of the place it names', () => {
    const shop = modelRoute(
      testRoute({ ...ride.answer, to: { ...ride.answer.to, id: 'occ-shop', level: 'L1' } }),
      origin,
    );
    const end = routeMarkers(shop, 'L1', origin, model, words).find((m) => m.kind === 'end');
    expect(end?.unit).toBe('shop');
    // The gate is a door, not a unit: its pin stands on the floor.
    const start = routeMarkers(shop, 'L1', origin, model, words).find((m) => m.kind === 'start');
    expect(start?.unit).toBeUndefined();
  });
});

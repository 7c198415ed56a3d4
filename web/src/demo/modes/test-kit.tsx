// A mode on its own, for the tests: a kit over the test venue (test-level.ts), a stubbed fetch and
// a harness that renders a mode's hook with its panel. The stand-ins for the route and place modes
// that other modes lean on are beside those modes (route/fake-route.tsx, place/fake-place.ts).
import { act, render } from '@testing-library/preact';
import { type ReactNode, useEffect } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { type RouteAnswer, createApi } from '../api';
import { modelLevel } from '../level-model';
import { testLeg, testLevel, testLonLat, testRoute, testSummary } from '../test-level';
import { testWords } from '../test-words';
import type { ModeKit } from './kit';

export type Answer = { status: number; body: unknown } | 'offline';

/**
 * For each test of the file, fetch answers with `answer` (by the request's path). Returns the URLs
 * the test asked for, in order.
 */
export function answerFetch(answer: (path: string) => Answer): string[] {
  const requested: string[] = [];
  beforeEach(() => {
    requested.length = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      requested.push(url);
      const reply = answer(url.split('?')[0]!);
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return requested;
}

/** Lets the stubbed requests answer and the components render what they answered. */
export async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** [lon, lat] of a point of the test level, given in its decimetres. */
export const testAt = (x: number, y: number) => testLonLat(x / 10, y / 10);

/** The route from the west gate to 星巴克 on L1: 50 m in three steps. */
export function testWalk(): RouteAnswer {
  return testRoute({
    from: { id: 'gate', kind: 'entrance', name: '西门', level: 'L1', point: testAt(0, 100) },
    to: { id: 'occ-shop', kind: 'occupant', name: '星巴克', level: 'L1', point: testAt(250, 350) },
    legs: [testLeg('L1', 0, [0, 10], [25, 10], [25, 35])],
    transitions: [],
    steps: [
      {
        kind: 'depart',
        text: '从西门出发',
        level: 'L1',
        point: testAt(0, 100),
        along_m: 0,
        leg: 0,
      },
      {
        kind: 'turn',
        text: '直行 25 米，左转',
        level: 'L1',
        point: testAt(250, 100),
        along_m: 25,
        leg: 0,
      },
      {
        kind: 'arrive',
        text: '到达星巴克',
        level: 'L1',
        point: testAt(250, 350),
        along_m: 50,
        leg: 0,
      },
    ],
  });
}

/** The kit of the test venue with L1 shown; its services are mocks to assert on. */
export function testKit(changes: Partial<ModeKit> = {}): ModeKit {
  const model = modelLevel(testLevel());
  return {
    words: testWords(),
    api: createApi('/api/venues', () => undefined),
    venue: 'test-mall',
    task: { mode: 'map', venue: 'test-mall' },
    summary: testSummary(),
    level: 'L1',
    model,
    show: vi.fn(async () => model),
    levelData: vi.fn(async () => model),
    hasLevel: () => true,
    refresh: vi.fn(async () => undefined),
    fail: vi.fn(),
    quiet: vi.fn(),
    announce: vi.fn(),
    moveMap: vi.fn(),
    dispatch: vi.fn(),
    kiosk: undefined,
    start: 'gate',
    ...changes,
  };
}

/**
 * Renders a mode's hook in a component, with what `view` makes of it (its panel); `mode.current`
 * is the hook's newest answer.
 */
export function renderMode<T>(use: () => T, view: (mode: T) => ReactNode) {
  const mode = { current: undefined as T };
  function Harness() {
    const current = use();
    useEffect(() => {
      mode.current = current;
    });
    return <>{view(current)}</>;
  }
  return { ...render(<Harness />), mode };
}

/** renderMode for a mode whose panel is all it shows. */
export function renderPanel<T extends { panel: ReactNode }>(use: () => T) {
  return renderMode(use, (mode) => mode.panel);
}

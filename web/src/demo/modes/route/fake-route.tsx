// For the tests of modes that lean on the route mode.
import { vi } from 'vitest';
import type { RouteMode } from './route-mode';

/** The route mode as a stand-in: nothing planned, its actions mocks. */
export function fakeRoute(changes: Partial<RouteMode> = {}): RouteMode {
  return {
    route: null,
    ends: null,
    replan: vi.fn(),
    accessible: false,
    busy: false,
    plan: vi.fn(),
    show: vi.fn(),
    cancel: vi.fn(),
    begin: vi.fn(),
    map: { route: null, routeLevels: [], onGrab: vi.fn() },
    markers: [],
    highlight: null,
    back: () => <button type="button">back</button>,
    panel: () => null,
    ...changes,
  };
}

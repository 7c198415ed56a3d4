// For the tests of modes that lean on the place mode.
import { vi } from 'vitest';
import type { PlaceMode } from './place-mode';

/** The place mode as a stand-in: no card open, its actions mocks. */
export function fakePlace(): PlaceMode {
  return {
    card: null,
    open: vi.fn(),
    choose: vi.fn(),
    pick: vi.fn(),
    close: vi.fn(),
    highlight: null,
    markers: [],
    notice: null,
    view: () => null,
  };
}

// Which of the viewer's modes is open. One at a time: opening a mode closes the one before, and
// with it its panel, what it drew on the map and, for the live mode, its stream. The demo's task
// opens the first; the visitor's actions move it from there.
import type { demoModes } from '../../content/schema';

/** What the demo opens on (content/: a page's demo task, or a guide screen's QR hand-over). */
export interface DemoTask {
  mode: (typeof demoModes)[number];
  /** Venue id, e.g. "demo-mall". */
  venue: string;
  /** Short name of the level to show first (else the venue's default). */
  level?: string;
  /** Locations in API syntax (docs/venue-contract.md §4.2); route and nav open with this route planned. */
  from?: string;
  to?: string;
  /** Search mode: a prefilled query. */
  query?: string;
  /** Kiosk mode: the kiosk id. */
  kiosk?: string;
  accessible?: boolean;
  /** Plan mode: the plan to make at once, as its address writes it ("aoa,1,L1"). */
  plan?: string;
}

/** The panel's modes: the start panel, search results, and one per feature of the demo. */
export type Mode =
  | 'start'
  | 'results'
  | 'route'
  | 'findcar'
  | 'nursing'
  | 'kiosk'
  | 'live'
  | 'flow'
  | 'plan'
  | 'edit';

export type ModeEvent =
  | { type: 'open'; mode: Mode }
  /** A route was asked for from a place's card. */
  | { type: 'route' }
  /** The route was cleared. */
  | { type: 'clear'; kiosk: boolean };

/**
 * The modes whose panel shows the route they asked for, and the editor, under which a route stays
 * on the map to see how an edit changes it; any other gives way to the route mode.
 */
const showsRoute: readonly Mode[] = ['route', 'findcar', 'nursing', 'kiosk', 'edit'];

/** The mode a task opens on: a map or a search task opens the start panel. */
export function firstMode(task: DemoTask['mode']): Mode {
  if (task === 'nav') return 'route';
  return task === 'map' || task === 'search' ? 'start' : task;
}

export function openMode(open: Mode, event: ModeEvent): Mode {
  switch (event.type) {
    case 'open':
      return event.mode;
    case 'route':
      return showsRoute.includes(open) ? open : 'route';
    case 'clear':
      // A guide screen goes back to its directory.
      return event.kiosk ? 'kiosk' : 'start';
  }
}

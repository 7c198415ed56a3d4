// The live demo's launcher (issue #14): a picture of the venue's map and a "试一试" button. The
// viewer's code and the venue's data load only when the visitor presses it, so the page keeps
// its first-load budget. On the demo page a hand-over address (a guide screen's QR code:
// /next/demo?venue=&from=&to=) starts the viewer at once with that route, and a visitor's own
// building's link (/next/demo?building=<id>, issue #32) starts it on that building.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { whenIdle, yieldToMain } from '../runtime/yield';
import type { LevelData, VenueSummary } from '../content/venues/viewer-files';
import type { DemoTask, Viewer as ViewerComponent, ViewerProps } from '../demo/viewer/viewer';
import type * as ViewerCode from '../demo/viewer/viewer';
import type { BuildingInfo } from '../demo/api-answers';
import type { ViewerWords } from '../content/venues/viewer-words';
import { useElementId } from './island-root';
import { buildingIdPattern, buildingPaths, readRefusal } from '../demo/building-requests';
import { readPlanAddress } from '../demo/modes/plan/plan-address';
import { type EarlyAnswers, apiPaths, apiUrl } from '../demo/api';
import { frameAnswers, readFirstFrame } from './first-frame';
import { withPageLanguage } from '../runtime/page-language';
import { importViewer } from './viewer-code';

/** Where the server answers the venue API (server/src/http/venues.rs). */
export const venueApiBase = '/api/venues';

export interface LauncherWords {
  /** The button that loads the viewer. */
  start: string;
  /** What the visitor can do, under the button. */
  hint: string;
  loading: string;
  failed: string;
  retry: string;
}

type VenueEntry = { id: string; name: string; defaultLevel: string };

export interface VenueDemoProps {
  task: DemoTask;
  layout: ViewerProps['layout'];
  venues: VenueEntry[];
  words: LauncherWords;
  viewerWords: ViewerWords;
  /** The map of the task's first level, drawn by the build; null where none fits. */
  preview: { src: string; width: number; height: number; alt: string } | null;
  /** The demo page takes a task from its address (the QR hand-over of a guide screen). */
  readsAddress: boolean;
  /** The page brought the viewer's first frame (issue #34): it shows as loading from the start. */
  starting?: boolean;
  /** Where a visitor whose building is gone uploads it again (the demo page's form). */
  building?: { uploadPath: string; uploadAgain: string };
}

type Viewer = typeof ViewerComponent;

let viewerCode: Promise<typeof ViewerCode> | null = null;

/** The viewer's code (issue #34), fetched once: as soon as the visitor shows intent (the pointer
 * over the button, a finger on it, its focus), when the demo page is idle, or at the press; a
 * failed load is asked for again the next time. */
export function loadViewer(): Promise<typeof ViewerCode> {
  viewerCode ??= importViewer().catch((error: unknown) => {
    viewerCode = null;
    throw error;
  });
  return viewerCode;
}

const warmCode = () => void loadViewer().catch(() => undefined);

type State =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'failed' }
  /** The address's building is unknown or expired: the server's message. */
  | { phase: 'gone'; message: string }
  | { phase: 'ready'; Viewer: Viewer; preload: NonNullable<ViewerProps['preload']> };

/**
 * A hand-over address's task, or null when the address carries none. A visitor's building
 * (?building=<32 hex digits>) opens on its map; the server knows whether it still exists.
 */
export function taskFromAddress(search: string, venues: string[]): DemoTask | null {
  const params = new URLSearchParams(search);
  const venue = params.get('venue');
  // A plan sent to sales reopens as it was made (docs/planning.md).
  const plan = params.get('plan') ?? '';
  const planned = readPlanAddress(plan) ? { mode: 'plan' as const, plan } : null;
  if (!venue || !venues.includes(venue)) {
    const building = params.get('building');
    if (!building || !buildingIdPattern.test(building)) return null;
    return planned ? { ...planned, venue: building } : { mode: 'map', venue: building };
  }
  if (planned) return { ...planned, venue };
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const accessible = params.get('accessible') === 'true';
  const level = params.get('level') || undefined;
  return {
    mode: from && to ? 'nav' : 'map',
    venue,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(accessible ? { accessible } : {}),
    ...(level ? { level } : {}),
  };
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: withPageLanguage({ accept: 'application/json' }) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A press's first answers asked for before it (issue #34): on the demo page once it is idle,
 * elsewhere at the visitor's intent, as the viewer's code is. Each is taken by the press that
 * uses it; one that failed is forgotten, and the press asks again.
 */
const ahead = new Map<string, Promise<unknown>>();

function fetchAhead(url: string) {
  if (ahead.has(url)) return;
  const answer = fetchJson(url);
  answer.catch(() => {
    if (ahead.get(url) === answer) ahead.delete(url);
  });
  ahead.set(url, answer);
}

/** The answer asked for ahead, taken, else asked for now. */
function fetchTaken<T>(url: string): Promise<T> {
  const answer = ahead.get(url);
  ahead.delete(url);
  return (answer as Promise<T> | undefined) ?? fetchJson<T>(url);
}

const summaryUrl = (venue: VenueEntry) => apiUrl(venueApiBase, apiPaths.summary(venue.id));
const levelUrl = (task: DemoTask, venue: VenueEntry) =>
  apiUrl(venueApiBase, apiPaths.level(venue.id, task.level ?? venue.defaultLevel));

/** What a press on `task` needs: the viewer's code, and the first level of one of `venues`. */
function warmFor(task: DemoTask, venues: VenueEntry[]) {
  warmCode();
  const venue = venues.find((entry) => entry.id === task.venue);
  if (!venue) return;
  fetchAhead(summaryUrl(venue));
  fetchAhead(levelUrl(task, venue));
}

/**
 * The summary and the first level, fetched in parallel with the viewer's code so the first
 * level is not a round trip late (or taken, asked for ahead); handed to the viewer as early
 * answers (demo/api.ts).
 */
function firstLevel(
  task: DemoTask,
  venue: VenueEntry,
  summary = fetchTaken<VenueSummary>(summaryUrl(venue)),
): EarlyAnswers {
  const level = fetchTaken<LevelData>(levelUrl(task, venue));
  summary.catch(() => undefined);
  level.catch(() => undefined);
  return new Map([
    [summaryUrl(venue), { pending: summary }],
    [levelUrl(task, venue), { pending: level }],
  ]);
}

export function VenueDemo(props: VenueDemoProps) {
  const { words, layout, preview } = props;
  const [task, setTask] = useState(props.task);
  const [state, setState] = useState<State>({ phase: props.starting ? 'loading' : 'idle' });
  // A visitor's building joins the viewer's venues once the server has named it.
  const [building, setBuilding] = useState<VenueEntry | null>(null);
  const venues = building ? [...props.venues, building] : props.venues;
  const statusId = useElementId();
  const rootRef = useRef<HTMLDivElement>(null);
  const warm = () => warmFor(task, props.venues);

  const start = (
    chosen: DemoTask,
    venue: VenueEntry = venues.find((entry) => entry.id === chosen.venue) ?? venues[0]!,
    summary?: Promise<VenueSummary>,
    brought?: EarlyAnswers,
  ) => {
    setTask(chosen);
    setState({ phase: 'loading' });
    const preload = brought ?? firstLevel(chosen, venue, summary);
    loadViewer().then(
      (module) =>
        yieldToMain().then(() => setState({ phase: 'ready', Viewer: module.Viewer, preload })),
      () => setState({ phase: 'failed' }),
    );
  };

  // A building's name comes from the buildings API, its first level from its venue summary.
  const startBuilding = async (chosen: DemoTask) => {
    setTask(chosen);
    setState({ phase: 'loading' });
    const summaryUrl = apiUrl(venueApiBase, apiPaths.summary(chosen.venue));
    try {
      const response = await fetch(buildingPaths.one(chosen.venue), {
        headers: withPageLanguage({ accept: 'application/json' }),
      });
      if (!response.ok) {
        const refusal = await readRefusal(response);
        setState(refusal ? { phase: 'gone', message: refusal.message } : { phase: 'failed' });
        return;
      }
      const info = (await response.json()) as BuildingInfo;
      const summary = fetchJson<VenueSummary>(summaryUrl);
      const entry = { id: info.id, name: info.name, defaultLevel: (await summary).defaultLevel };
      setBuilding(entry);
      start(chosen, entry, summary);
    } catch {
      setState({ phase: 'failed' });
    }
  };

  const begin = (chosen: DemoTask) => {
    if (props.venues.some((venue) => venue.id === chosen.venue)) start(chosen);
    else void startBuilding(chosen);
  };

  // A layout effect: on a page whose script ran after parsing, the viewer starts before the
  // first paint, with no frame in between.
  useLayoutEffect(() => {
    if (!props.readsAddress) return;
    const handedOver = taskFromAddress(
      window.location.search,
      props.venues.map((venue) => venue.id),
    );
    if (!handedOver) return;
    // The address is known only in the browser, after hydration, so the start cannot be part of
    // the first render; it runs once, as the address does not change while the page is open.
    const go = async () => {
      await yieldToMain();
      // A hand-over page brought the first frame: the viewer draws it without the network.
      const frame = readFirstFrame(document, handedOver);
      await yieldToMain();
      if (frame)
        start(handedOver, undefined, undefined, frameAnswers(frame, handedOver, venueApiBase));
      else begin(handedOver);
    };
    // A hand-over page's script runs while the frame after it is still arriving: the viewer
    // starts once the page has loaded, so the page's load is not held up by the viewer's work.
    // Not at once when the page is parsed but not yet loaded ("interactive"): the viewer's
    // tasks, each yielding with priority, then kept the load event back until the route was
    // drawn (about 0.4 s on a throttled phone), and the route came no sooner.
    if (document.readyState === 'complete') return void go();
    const onLoad = () => void go();
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (state.phase === 'ready') rootRef.current?.scrollIntoView({ block: 'nearest' });
  }, [state.phase]);

  // The demo page is there to be tried: its viewer is fetched once the page has loaded and is
  // idle, so the page's own first paint does not share the network with it, and so is the
  // first level of its task, unless the address brought a task of its own (a hand-over's
  // frame, a visitor's building).
  const { readsAddress, task: pageTask, venues: siteVenues } = props;
  useEffect(() => {
    if (!readsAddress) return;
    const venueIds = siteVenues.map((venue) => venue.id);
    const ownTask = taskFromAddress(window.location.search, venueIds) !== null;
    const warmAll = () => (ownTask ? warmCode() : warmFor(pageTask, siteVenues));
    const idle = () => void whenIdle().then(warmAll);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
  }, [readsAddress, pageTask, siteVenues]);

  if (state.phase === 'ready') {
    const { Viewer } = state;
    return (
      <div className={`venue-demo venue-demo--${layout} is-running`} ref={rootRef}>
        <Viewer
          words={props.viewerWords}
          venues={venues.map(({ id, name }) => ({ id, name }))}
          task={task}
          layout={layout}
          apiBase={venueApiBase}
          preload={state.preload}
        />
      </div>
    );
  }

  if (state.phase === 'gone') {
    return (
      <div className={`venue-demo venue-demo--${layout} is-gone`} ref={rootRef}>
        <p className="venue-demo__status" role="alert">
          {state.message}
        </p>
        {props.building ? (
          <a className="button button--primary" href={props.building.uploadPath}>
            {props.building.uploadAgain}
          </a>
        ) : null}
      </div>
    );
  }

  const busy = state.phase === 'loading';
  return (
    <div className={`venue-demo venue-demo--${layout}`} ref={rootRef}>
      {preview ? (
        <img
          className="venue-demo__preview"
          src={preview.src}
          width={preview.width}
          height={preview.height}
          alt={preview.alt}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="venue-demo__start">
        <button
          type="button"
          className="button button--primary venue-demo__button"
          onClick={() => begin(task)}
          onPointerEnter={warm}
          onTouchStart={warm}
          onFocus={warm}
          disabled={busy}
          aria-describedby={statusId}
        >
          {words.start}
        </button>
        <p className="venue-demo__status" id={statusId} role="status">
          {state.phase === 'loading' ? words.loading : null}
          {state.phase === 'failed' ? words.failed : null}
          {state.phase === 'idle' ? words.hint : null}
        </p>
        {state.phase === 'failed' ? (
          <button type="button" className="button venue-demo__retry" onClick={() => begin(task)}>
            {words.retry}
          </button>
        ) : null}
      </div>
    </div>
  );
}

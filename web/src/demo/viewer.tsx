// The live demo's map viewer (issue #14, docs/venue-contract.md §6): a venue drawn by the canvas renderer, with
// search, place cards, multi-level routes and their simulated navigation, find-my-car, the
// nursing-room finder and the guide-screen (kiosk) view, all through the HTTP API of docs/venue-contract.md §4. The
// launcher island imports this module when the visitor asks for the demo, so none of it weighs on
// the page before that. Every visible word comes from the [viewer] table of words.toml.
import '../styles/demo.css';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiPanel } from './api-panel';
import {
  type ApiCall,
  ApiError,
  type FindCarAnswer,
  type KioskAnswer,
  type RouteAnswer,
  type SearchAnswer,
  type SearchResult,
  createApi,
} from './api';
import { FindCarPanel } from './findcar-panel';
import type { demoModes } from '../content/schema';
import { useFlowMode } from './flow-mode';
import { useLiveMode } from './live-mode';
import type { FenceEntry, LevelData, VenueSummary } from './format';
import type { Box } from './geometry';
import { HandoverCode, KioskPanel } from './kiosk-panel';
import { type MapFocus, MapView } from './map-view';
import { PlaceCard } from './place-card';
import {
  type PlaceInfo,
  categoryLabel,
  completePlace,
  placeFromPick,
  placeFromResult,
} from './places';
import { lonLatToWorld } from './projection';
import type { MapMarker, MapPick, MapRenderer } from './renderer';
import { ResultsList } from './results-list';
import { RoutePanel, minutes } from './route-panel';
import { type RouteModel, modelRoute } from './route-track';
import { SampleChips } from './sample-chips';
import { SearchBox } from './search-box';
import { glyphFor, unitRole } from './style';
import { useNavigation } from './use-navigation';
import { useVenue } from './use-venue';
import { fill } from './words-fill';
import type { ViewerWords } from './words';

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
}

export interface ViewerProps {
  /** The [viewer] table of content/venues/words.toml. */
  words: ViewerWords;
  /** The venue switcher's choices. */
  venues: { id: string; name: string }[];
  task: DemoTask;
  /** Inside a service page's section, the full-screen demo page, or a guide screen. */
  layout: 'embedded' | 'page' | 'kiosk';
  /** "/api/venues" */
  apiBase: string;
  /** Fetched by the launcher in parallel with this code. */
  preload?: { summary: Promise<VenueSummary>; level: Promise<LevelData> };
}

export function Viewer(props: ViewerProps) {
  const { words, venues, task, layout } = props;
  const [venue, setVenue] = useState(task.venue);
  const [call, setCall] = useState<ApiCall | null>(null);
  // The task's own places and preloaded data belong to its venue, on the first visit only.
  const [switched, setSwitched] = useState(false);
  const selectId = `demo-${useId()}`;
  const switcher =
    venues.length > 1 && layout !== 'kiosk' ? (
      <div className="demo-venue">
        <label htmlFor={selectId}>{words.venue}</label>
        <select
          id={selectId}
          className="demo-venue__select"
          value={venue}
          onChange={(event) => {
            setSwitched(true);
            setVenue(event.currentTarget.value);
          }}
        >
          {venues.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
    ) : null;
  return (
    <section className={`demo demo--${layout}`} aria-label={words.region}>
      <VenueView
        key={venue}
        {...props}
        venue={venue}
        ownTask={venue === task.venue && !switched}
        call={call}
        onCall={setCall}
        switcher={switcher}
      />
    </section>
  );
}

type View = 'start' | 'results' | 'route' | 'findcar' | 'nursing' | 'kiosk' | 'live' | 'flow';

interface RouteOptions {
  nav?: boolean;
  focusPanel?: boolean;
  accessible?: boolean;
  /** A request already under way (the hand-over's route, asked for at once). */
  request?: Promise<RouteAnswer> | undefined;
}

interface Actions {
  planRoute(from: string, to: string, options: RouteOptions): void;
  runSearch(query: string): void;
  findNursing(): void;
  findCar(plate: string): void;
  openKiosk(id: string): void;
}

interface VenueViewProps extends ViewerProps {
  venue: string;
  ownTask: boolean;
  call: ApiCall | null;
  onCall: (call: ApiCall) => void;
  switcher: ReactNode;
}

const noFences: FenceEntry[] = [];

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function firstView(mode: DemoTask['mode']): View {
  if (
    mode === 'kiosk' ||
    mode === 'findcar' ||
    mode === 'nursing' ||
    mode === 'live' ||
    mode === 'flow'
  )
    return mode;
  if (mode === 'route' || mode === 'nav') return 'route';
  return 'start';
}

function pointBox(x: number, y: number, radius: number): Box {
  return [x - radius, y - radius, x + radius, y + radius];
}

function VenueView(props: VenueViewProps) {
  const { words, task, layout, apiBase, venue, ownTask, onCall } = props;
  const api = useMemo(() => createApi(apiBase, onCall), [apiBase, onCall]);
  const [alert, setAlert] = useState<{ message: string; retry?: () => void } | null>(null);
  const [live, setLive] = useState('');
  const fail = useCallback(
    (error: unknown, retry: () => void) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError) setAlert({ message: error.message });
      else
        setAlert({
          message: words.network_error,
          retry: () => {
            setAlert(null);
            retry();
          },
        });
    },
    [words],
  );
  const { summary, model, level, show, levelData, hasLevel } = useVenue(
    api,
    apiBase,
    venue,
    ownTask ? props.preload : undefined,
    onCall,
    fail,
  );
  const rendererRef = useRef<MapRenderer | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [raised, setRaised] = useState(false);
  const [view, setView] = useState<View>(firstView(task.mode));
  const [card, setCard] = useState<PlaceInfo | null>(null);
  const [results, setResults] = useState<SearchAnswer | null>(null);
  const [route, setRoute] = useState<RouteModel | null>(null);
  const [ends, setEnds] = useState<{ from: string; to: string } | null>(null);
  const [pendingFrom, setPendingFrom] = useState<PlaceInfo | null>(null);
  const [accessible, setAccessible] = useState(Boolean(task.accessible) && ownTask);
  const [busy, setBusy] = useState(false);
  const [car, setCar] = useState<FindCarAnswer | null>(null);
  const [nursing, setNursing] = useState<SearchResult[] | null>(null);
  const [kiosk, setKiosk] = useState<KioskAnswer | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [routeFocus, setRouteFocus] = useState(false);
  const liveMode = useLiveMode({
    words,
    api,
    venue,
    level,
    origin: summary?.origin ?? null,
    fences: summary?.fences ?? noFences,
    active: view === 'live',
    show,
    fail,
    rendererRef,
  });
  const flowMode = useFlowMode({
    words,
    api,
    venue,
    level,
    origin: summary?.origin ?? null,
    active: view === 'flow',
    fail,
  });
  const [autoNav, setAutoNav] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [query, setQuery] = useState(ownTask && task.mode === 'search' ? (task.query ?? '') : '');
  // Retries call the latest version of an action (the actions call themselves again on retry).
  const actions = useRef<Actions | null>(null);
  const routeSerial = useRef(0);
  const focusSerial = useRef(0);
  const helpId = `demo-${useId()}`;
  const bodyId = `demo-${useId()}`;

  // The H5 hand-over opens with a route: ask for it at once, beside the venue's own data.
  const [earlyRoute] = useState<Promise<RouteAnswer> | null>(() => {
    if (!ownTask || (task.mode !== 'route' && task.mode !== 'nav') || !task.from || !task.to)
      return null;
    const request = api.route(venue, task.from, task.to, Boolean(task.accessible));
    request.catch(() => undefined);
    return request;
  });

  // What is said in the same moment (a level change and the step after it) is said together; the
  // region is cleared first so the same words said twice are announced twice.
  const spoken = useRef<string[]>([]);
  const announce = useCallback((text: string) => {
    spoken.current.push(text);
    if (spoken.current.length > 1) return;
    setLive('');
    requestAnimationFrame(() => {
      setLive(spoken.current.join('；'));
      spoken.current = [];
    });
  }, []);

  const kioskId =
    task.mode === 'kiosk' && summary ? (ownTask && task.kiosk) || summary.kiosks[0]?.id : undefined;
  const start = kioskId ?? ((ownTask && task.from) || summary?.samples.start);

  const moveMap = useCallback((box: Box, closest?: number) => {
    focusSerial.current += 1;
    setFocus({ box, serial: focusSerial.current, closest });
  }, []);

  const applyRoute = useCallback(
    (answer: RouteAnswer, options: { nav?: boolean; focusPanel?: boolean }) => {
      if (!summary) return;
      const routeModel = modelRoute(answer, summary.origin);
      setRoute(routeModel);
      setRouteFocus(Boolean(options.focusPanel));
      setCard(null);
      setAlert(null);
      announce(
        fill(words.route_announce, {
          from: answer.from.name,
          to: answer.to.name,
          distance: Math.round(answer.distance_m),
          minutes: minutes(answer.duration_s),
        }),
      );
      for (const short of routeModel.levels) levelData(short).catch(() => undefined);
      const first = routeModel.legs[0];
      if (first) {
        void show(first.level);
        const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
        for (let i = 0; i < first.points.length; i += 2) {
          const x = first.points[i] as number;
          const y = first.points[i + 1] as number;
          box[0] = Math.min(box[0], x);
          box[1] = Math.min(box[1], y);
          box[2] = Math.max(box[2], x);
          box[3] = Math.max(box[3], y);
        }
        moveMap(box, 2);
      }
      if (options.nav) setAutoNav(true);
    },
    [summary, words, announce, levelData, show, moveMap],
  );

  const planRoute = useCallback(
    (from: string, to: string, options: RouteOptions) => {
      const serial = ++routeSerial.current;
      setEnds({ from, to });
      setBusy(true);
      const request =
        options.request ?? api.route(venue, from, to, options.accessible ?? accessible);
      request
        .then(
          (answer) => {
            if (serial === routeSerial.current) applyRoute(answer, options);
          },
          (error: unknown) => {
            if (serial !== routeSerial.current) return;
            fail(error, () =>
              actions.current?.planRoute(from, to, { ...options, request: undefined }),
            );
            setRoute(null);
            // A route asked for before any level was shown leaves the map empty: show the default.
            if (!hasLevel() && summary) void show(summary.defaultLevel);
          },
        )
        .finally(() => {
          if (serial === routeSerial.current) setBusy(false);
        });
    },
    [api, venue, accessible, applyRoute, fail, hasLevel, summary, show],
  );

  const navShowLevel = useCallback(
    (short: string) => {
      void show(short);
      announce(fill(words.level_changed, { level: short }));
    },
    [show, announce, words],
  );
  const onNavStep = useCallback(
    (index: number) => {
      const step = route?.answer.steps[index];
      if (!step || !route) return;
      announce(
        fill(words.step_announce, {
          number: index + 1,
          count: route.answer.steps.length,
          text: step.text,
        }),
      );
    },
    [route, announce, words],
  );
  const nav = useNavigation(route, rendererRef, navShowLevel, onNavStep, reducedMotion);

  useEffect(() => {
    const first = route?.legs[0];
    if (!autoNav || !route || !first || model?.data.short !== first.level || !rendererRef.current)
      return;
    setAutoNav(false);
    nav.control('start');
  }, [autoNav, route, model, nav]);

  const openPlace = useCallback(
    (place: PlaceInfo) => {
      setCard(place);
      moveMap(pointBox(place.x, place.y, 260), 2.2);
      void show(place.level).then((levelModel) => {
        if (levelModel)
          setCard((current) =>
            current?.ref === place.ref ? completePlace(current, levelModel) : current,
          );
      });
    },
    [show, moveMap],
  );

  const runSearch = useCallback(
    (query: string) => {
      setBusy(true);
      api
        .search(venue, { q: query, near: start, limit: 20 })
        .then(
          (answer) => {
            setAlert(null);
            setResults(answer);
            setCard(null);
            setView('results');
            announce(
              answer.results.length
                ? fill(words.results_count, { count: answer.results.length })
                : fill(words.results_none, { query }),
            );
          },
          (error: unknown) => fail(error, () => actions.current?.runSearch(query)),
        )
        .finally(() => setBusy(false));
    },
    [api, venue, start, announce, words, fail],
  );

  const suggest = useCallback(
    (query: string) =>
      api.search(venue, { q: query, near: start, limit: 8 }).then(
        (answer) => answer.results,
        (error: unknown) => {
          fail(error, () => undefined);
          return [];
        },
      ),
    [api, venue, start, fail],
  );

  const findNursing = useCallback(() => {
    if (!summary) return;
    setView('nursing');
    if (!categoryLabel(summary.labels, 'mothersroom')) {
      setNursing([]);
      return;
    }
    api.search(venue, { q: '', category: 'mothersroom', near: start, limit: 5 }).then(
      (answer) => {
        setNursing(answer.results);
        const nearest = answer.results[0];
        if (nearest && start) planRoute(start, nearest.id, {});
        else announce(words.nursing_none);
      },
      (error: unknown) => fail(error, () => actions.current?.findNursing()),
    );
  }, [api, venue, summary, start, planRoute, announce, words, fail]);

  const findCar = useCallback(
    (plate: string) => {
      setBusy(true);
      routeSerial.current += 1;
      api
        .findCar(venue, plate, ownTask ? task.from : undefined, accessible)
        .then(
          (answer) => {
            setCar(answer);
            setEnds({ from: answer.route.from.id, to: answer.space.id });
            applyRoute(answer.route, {});
          },
          (error: unknown) => fail(error, () => actions.current?.findCar(plate)),
        )
        .finally(() => setBusy(false));
    },
    [api, venue, ownTask, task.from, accessible, applyRoute, fail],
  );

  const openKiosk = useCallback(
    (id: string) => {
      api
        .kiosk(venue, id)
        .then(setKiosk, (error: unknown) => fail(error, () => actions.current?.openKiosk(id)));
    },
    [api, venue, fail],
  );

  useEffect(() => {
    actions.current = { planRoute, runSearch, findNursing, findCar, openKiosk };
  });

  // Opens the task once the venue's summary is there (and again with the venue's own samples after
  // a switch of venue).
  const started = useRef(false);
  useEffect(() => {
    if (!summary || started.current) return;
    started.current = true;
    const firstLevel = (ownTask && task.level) || summary.defaultLevel;
    switch (task.mode) {
      case 'kiosk': {
        const entry = summary.kiosks.find((k) => k.id === kioskId);
        void show(entry?.level ?? firstLevel);
        if (kioskId) actions.current?.openKiosk(kioskId);
        break;
      }
      case 'route':
      case 'nav': {
        if (ownTask && task.level) void show(task.level);
        const from = (ownTask && task.from) || summary.samples.routeFrom;
        const to = (ownTask && task.to) || summary.samples.routeTo;
        actions.current?.planRoute(from, to, {
          nav: task.mode === 'nav',
          request: earlyRoute ?? undefined,
        });
        break;
      }
      case 'nursing':
        void show(firstLevel);
        actions.current?.findNursing();
        break;
      case 'search':
        void show(firstLevel);
        searchRef.current?.focus({ preventScroll: true });
        if (ownTask && task.query) actions.current?.runSearch(task.query);
        break;
      default:
        void show(firstLevel);
    }
    // Runs once per venue, when its summary arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);

  const clearRoute = () => {
    routeSerial.current += 1;
    setRoute(null);
    setEnds(null);
    setCar(null);
    setBusy(false);
    setView(kioskId ? 'kiosk' : 'start');
  };

  const goHere = (place: PlaceInfo) => {
    const from = pendingFrom?.ref ?? start;
    setPendingFrom(null);
    setCard(null);
    if (!from) return;
    setView((current) =>
      current === 'findcar' || current === 'nursing' || current === 'kiosk' ? current : 'route',
    );
    planRoute(from, place.ref, { focusPanel: true });
  };

  const startHere = (place: PlaceInfo) => {
    setCard(null);
    if (ends) {
      setView((current) =>
        current === 'findcar' || current === 'nursing' || current === 'kiosk' ? current : 'route',
      );
      planRoute(place.ref, ends.to, { focusPanel: true });
    } else {
      setPendingFrom(place);
      setView('start');
    }
  };

  const onPick = useCallback(
    (pick: MapPick | undefined) => {
      if (!pick || !model || !summary) {
        setCard(null);
        return;
      }
      setCard(placeFromPick(pick, model, summary.labels) ?? null);
    },
    [model, summary],
  );

  const showStep = (index: number) => {
    const step = route?.answer.steps[index];
    if (!step || !summary) return;
    const [x, y] = lonLatToWorld(summary.origin, step.point);
    void show(step.level);
    moveMap(pointBox(x, y, 200), 2);
  };

  // A room, shop or lift is outlined; a corridor is not (an amenity standing in it gets a pin).
  const highlight = useMemo(() => {
    const outlined = (id: string | undefined) => {
      const unit = id ? (model?.byOccupant.get(id) ?? model?.byId.get(id)) : undefined;
      if (!unit) return null;
      const role = unitRole(unit.shape.c);
      return role === 'destination' || role === 'connector' ? unit.shape.id : null;
    };
    if (card) return card.level === level ? outlined(card.unit) : null;
    if (route && route.answer.to.level === level) return outlined(route.answer.to.id);
    return null;
  }, [card, route, level, model]);

  const markers = useMemo((): MapMarker[] => {
    const list: MapMarker[] = [];
    if (!summary || !level) return list;
    const at = (point: [number, number]) => lonLatToWorld(summary.origin, point);
    const kioskEntry = kioskId ? summary.kiosks.find((k) => k.id === kioskId) : undefined;
    if (route) {
      const { from, to } = route.answer;
      route.legs.forEach((leg, index) => {
        const transition = route.answer.transitions[index];
        if (!transition) return;
        const glyph = glyphFor(transition.kind) ?? 'elevator';
        if (leg.level === level && leg.points.length >= 2) {
          list.push({
            kind: 'connector',
            x: leg.points[leg.points.length - 2] as number,
            y: leg.points[leg.points.length - 1] as number,
            glyph,
            text: fill(words.transition_marker, {
              name: transition.name,
              level: transition.to_level,
            }),
          });
        }
        const next = route.legs[index + 1];
        if (next && next.level === level && next.points.length >= 2) {
          list.push({
            kind: 'connector',
            x: next.points[0] as number,
            y: next.points[1] as number,
            glyph,
          });
        }
      });
      if (from.level === level && !(kioskEntry && from.id === kioskEntry.id)) {
        const [x, y] = at(from.point);
        list.push({ kind: 'start', x, y, text: words.marker_start, unit: unitOf(from.id) });
      }
      if (to.level === level) {
        const [x, y] = at(to.point);
        list.push({ kind: 'end', x, y, text: words.marker_end, unit: unitOf(to.id) });
      }
    } else if (card && card.level === level && !highlight) {
      list.push({ kind: 'place', x: card.x, y: card.y, unit: card.unit });
    }
    if (kioskEntry && kioskEntry.level === level) {
      list.push({
        kind: 'here',
        x: kioskEntry.at[0],
        y: kioskEntry.at[1],
        text: words.you_are_here,
      });
    }
    return list;
    function unitOf(id: string) {
      return model?.byOccupant.get(id)?.shape.id ?? (model?.byId.has(id) ? id : undefined);
    }
  }, [summary, level, route, card, kioskId, words, model, highlight]);

  const samples = summary?.samples;
  const placeholder =
    samples?.queries[0] !== undefined
      ? fill(words.search_placeholder_sample, { query: samples.queries[0] })
      : words.search_placeholder;
  const levelEntry = summary?.levels.find((entry) => entry.short === level);
  const hasParking = Boolean(summary?.levels.some((entry) => entry.parking));
  const hasNursing = Boolean(summary && categoryLabel(summary.labels, 'mothersroom'));
  const mapLabel =
    summary && levelEntry
      ? fill(words.map, { venue: summary.name, level: levelEntry.short, name: levelEntry.name })
      : words.loading;

  const routePanel = (extra?: ReactNode) =>
    route ? (
      <RoutePanel
        words={words}
        route={route}
        accessible={accessible}
        onAccessible={(value) => {
          setAccessible(value);
          if (ends) planRoute(ends.from, ends.to, { accessible: value });
        }}
        onSwap={() => {
          if (ends) planRoute(ends.to, ends.from, {});
        }}
        onClear={clearRoute}
        nav={nav.phase}
        step={nav.step}
        onNav={nav.control}
        onShowStep={showStep}
        focusOnOpen={routeFocus}
      >
        {extra}
      </RoutePanel>
    ) : busy ? (
      <p className="demo-status">{words.route_planning}</p>
    ) : null;

  const back = (to: View = 'start') => (
    <button
      type="button"
      className="demo-back"
      onClick={() => {
        if (to === 'start' || to === 'kiosk') clearRoute();
        setView(to);
      }}
    >
      {words.back}
    </button>
  );

  let content: ReactNode = null;
  if (view === 'start' && summary) {
    content = (
      <>
        {pendingFrom ? (
          <div className="demo-notice">
            <p>{fill(words.route_pick_to, { place: pendingFrom.name })}</p>
            <button type="button" className="demo-button" onClick={() => setPendingFrom(null)}>
              {words.cancel}
            </button>
          </div>
        ) : null}
        <section className="demo-section" aria-labelledby={`${bodyId}-intro`}>
          <h2 id={`${bodyId}-intro`} className="demo-panel__title">
            {summary.name}
          </h2>
          <p className="demo-section__intro">{words.intro}</p>
          <SampleChips
            label={words.try}
            samples={summary.samples.queries}
            onPick={(sample) => {
              setQuery(sample);
              runSearch(sample);
            }}
          />
          <div className="demo-actions" role="group" aria-label={words.actions}>
            <button
              type="button"
              className="demo-action"
              onClick={() => {
                setView('route');
                planRoute(summary.samples.routeFrom, summary.samples.routeTo, { focusPanel: true });
              }}
            >
              {words.action_route}
            </button>
            {hasParking ? (
              <button type="button" className="demo-action" onClick={() => setView('findcar')}>
                {words.findcar}
              </button>
            ) : null}
            {hasNursing ? (
              <button type="button" className="demo-action" onClick={findNursing}>
                {words.nursing}
              </button>
            ) : null}
            <button type="button" className="demo-action" onClick={() => setView('live')}>
              {words.live}
            </button>
            <button type="button" className="demo-action" onClick={() => setView('flow')}>
              {words.flow}
            </button>
          </div>
        </section>
      </>
    );
  } else if (view === 'results' && results) {
    content = (
      <section className="demo-section" aria-labelledby={`${bodyId}-results`}>
        {back()}
        <h2 id={`${bodyId}-results`} className="demo-panel__title">
          {words.results}
        </h2>
        <p className="demo-status">
          {results.results.length
            ? fill(words.results_count, { count: results.results.length })
            : fill(words.results_none, { query: results.query })}
        </p>
        <ResultsList
          words={words}
          results={results.results}
          label={words.results}
          onChoose={(result) => summary && openPlace(placeFromResult(result, summary.origin))}
        />
      </section>
    );
  } else if (view === 'route') {
    content = (
      <>
        {back()}
        {routePanel()}
      </>
    );
  } else if (view === 'findcar') {
    content = (
      <>
        {back()}
        <FindCarPanel
          words={words}
          plates={samples?.plates ?? []}
          found={car}
          busy={busy}
          onFind={findCar}
          unavailable={Boolean(summary) && !hasParking}
        />
        {car ? routePanel() : null}
      </>
    );
  } else if (view === 'nursing') {
    content = (
      <>
        {back()}
        <section className="demo-section" aria-labelledby={`${bodyId}-nursing`}>
          <h2 id={`${bodyId}-nursing`} className="demo-panel__title">
            {words.nursing_title}
          </h2>
          {nursing === null ? (
            <p className="demo-status">{words.loading}</p>
          ) : nursing.length ? (
            <ResultsList
              words={words}
              results={nursing}
              label={words.nursing_title}
              onChoose={(result) => summary && openPlace(placeFromResult(result, summary.origin))}
            />
          ) : (
            <p>{words.nursing_none}</p>
          )}
        </section>
        {routePanel()}
      </>
    );
  } else if (view === 'live') {
    content = (
      <>
        {back()}
        {liveMode.panel}
      </>
    );
  } else if (view === 'flow') {
    content = (
      <>
        {back()}
        {flowMode.panel}
      </>
    );
  } else if (view === 'kiosk') {
    content =
      route && ends && kioskId ? (
        <>
          {back('kiosk')}
          {routePanel(
            <HandoverCode
              words={words}
              place={route.answer.to.name}
              src={api.handoverUrl(venue, ends.from, ends.to, accessible)}
            />,
          )}
        </>
      ) : kiosk ? (
        <KioskPanel
          words={words}
          kiosk={kiosk}
          onChoose={(entry) => kioskId && planRoute(kioskId, entry.id, { focusPanel: true })}
        />
      ) : (
        <p className="demo-status">{busy ? words.route_planning : words.loading}</p>
      );
  }

  return (
    <div className={`demo__frame${sheetOpen ? ' is-sheet-open' : ''}`}>
      <div className="demo__panel">
        <div className="demo__panel-top">
          <button
            type="button"
            className="demo__sheet-toggle"
            aria-expanded={sheetOpen}
            aria-controls={bodyId}
            onClick={() => setSheetOpen((open) => !open)}
          >
            <span className="demo__sheet-grip" aria-hidden="true" />
            <span className="sr-only">{sheetOpen ? words.sheet_collapse : words.sheet_expand}</span>
          </button>
          {props.switcher}
          <SearchBox
            words={words}
            placeholder={placeholder}
            suggest={suggest}
            onChoose={(result) => summary && openPlace(placeFromResult(result, summary.origin))}
            onSubmit={runSearch}
            inputRef={searchRef}
            query={query}
            onQuery={setQuery}
          />
        </div>
        <div className="demo__panel-body" id={bodyId} data-scroll-panel>
          <div className="demo-alert" role="alert">
            {alert ? (
              <>
                <p>{alert.message}</p>
                {alert.retry ? (
                  <button type="button" className="demo-button" onClick={alert.retry}>
                    {words.retry}
                  </button>
                ) : null}
              </>
            ) : null}
          </div>
          {card ? (
            <PlaceCard
              key={card.ref}
              words={words}
              place={card}
              levelName={summary?.levels.find((entry) => entry.short === card.level)?.name ?? ''}
              onClose={() => setCard(null)}
              onGoHere={() => goHere(card)}
              onStartHere={() => startHere(card)}
            />
          ) : null}
          <div className="demo__view" hidden={Boolean(card)}>
            {content}
          </div>
          <ApiPanel words={words} call={props.call} />
        </div>
      </div>
      <MapView
        words={words}
        label={mapLabel}
        helpId={helpId}
        model={model}
        levels={summary?.levels ?? []}
        level={level}
        routeLevels={route?.levels ?? []}
        onLevel={(short) => void show(short)}
        raised={raised}
        onRaised={setRaised}
        route={route}
        markers={markers}
        {...liveMode.map}
        heat={flowMode.heat}
        taken={flowMode.taken}
        highlight={highlight}
        onPick={onPick}
        onGrab={nav.grab}
        wheelNeedsCtrl={layout === 'embedded'}
        rendererRef={rendererRef}
        initialBearing={kioskId ? summary?.kiosks.find((k) => k.id === kioskId)?.facing : undefined}
        loading={!model || model.data.short !== level}
        focus={focus}
      />
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {live}
      </p>
    </div>
  );
}

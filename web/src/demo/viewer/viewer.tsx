// The live demo's map viewer (issue #14, docs/venue-contract.md §6): a venue drawn by the canvas
// renderer beside a panel of modes, one open at a time (../modes/open-mode.ts), each in its own
// folder of ../modes/, all through the HTTP API of docs/venue-contract.md §4. This file loads
// the venue and composes the modes: the open mode's panel, and what each draws on the map. The
// launcher island imports it when the visitor asks for the demo. Every visible word comes from
// the [viewer] table of words.toml.
import '../../styles/demo.css';
import { type ReactNode, useId, useMemo, useReducer, useRef, useState } from 'react';
import { ApiPanel } from '../api-panel';
import { type ApiCall, type EarlyAnswers, createApi } from '../api';
import { MapView } from '../render/map-view';
import { useEditMode } from '../modes/edit/edit-mode';
import { useFindCarMode } from '../modes/findcar/findcar-mode';
import { useFlowMode } from '../modes/flow/flow-mode';
import { usePlanMode } from '../modes/plan/plan-mode';
import { type ModeKit, useMapFocus } from '../modes/kit';
import { kioskOf, useKioskMode } from '../modes/kiosk/kiosk-mode';
import { useLiveMode } from '../modes/live/live-mode';
import { useMessages } from '../modes/messages';
import { useNursingMode } from '../modes/nursing/nursing-mode';
import { type DemoTask, type Mode, firstMode, openMode } from '../modes/open-mode';
import { usePlaceMode } from '../modes/place/place-mode';
import { useRouteMode } from '../modes/route/route-mode';
import { useSearchMode } from '../modes/search/search-mode';
import { useStartMode } from '../modes/start/start-mode';
import type { MapRenderer } from '../render/renderer';
import { useVenue } from '../use-venue';
import { VenueSwitcher } from './venue-switcher';
import { useStartTask } from './start-task';
import { fill } from '../../format/fill';
import type { ViewerWords } from '../../content/venues/viewer-words';

export type { DemoTask } from '../modes/open-mode';

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
  /** Answers fetched by the launcher in parallel with this code, or brought by the page. */
  preload?: EarlyAnswers;
}

export function Viewer(props: ViewerProps) {
  const { words, venues, task, layout } = props;
  const [venue, setVenue] = useState(task.venue);
  const [call, setCall] = useState<ApiCall | null>(null);
  // The task's own places and preloaded data belong to its venue, on the first visit only.
  const [switched, setSwitched] = useState(false);
  const switcher =
    venues.length > 1 && layout !== 'kiosk' ? (
      <VenueSwitcher
        words={words}
        venues={venues}
        venue={venue}
        onVenue={(chosen) => {
          setSwitched(true);
          setVenue(chosen);
        }}
      />
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

interface VenueViewProps extends ViewerProps {
  venue: string;
  ownTask: boolean;
  call: ApiCall | null;
  onCall: (call: ApiCall) => void;
  switcher: ReactNode;
}

function VenueView(props: VenueViewProps) {
  const { words, layout, apiBase, venue, onCall } = props;
  // The task's own places and preloaded data belong to its venue, on the first visit only.
  const task: DemoTask = props.ownTask ? props.task : { mode: props.task.mode, venue };
  const { preload } = props;
  const api = useMemo(() => createApi(apiBase, onCall, preload), [apiBase, onCall, preload]);
  const messages = useMessages(words);
  const loaded = useVenue(api, venue, messages.tell.fail);
  const { summary, model, level, show } = loaded;
  const [mode, dispatch] = useReducer(openMode, task.mode, firstMode);
  const [focus, moveMap] = useMapFocus();
  // The renderer itself: the navigation walks its dot through it (modes/route/use-navigation.ts) and the live
  // mode reads where the map looks; everything drawn goes through MapView's layers.
  const rendererRef = useRef<MapRenderer | null>(null);
  const [raised, setRaised] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const helpId = `demo-${useId()}`;
  const bodyId = `demo-${useId()}`;
  const kiosk = kioskOf(task, summary);
  const kit: ModeKit = {
    words,
    api,
    venue,
    task,
    ...loaded,
    ...messages.tell,
    moveMap,
    dispatch,
    kiosk,
    start: kiosk ?? (task.from || summary?.samples.start),
  };
  const place = usePlaceMode(kit);
  const route = useRouteMode(kit, rendererRef, place.close);
  const search = useSearchMode(kit, place, route.back);
  const findcar = useFindCarMode(kit, route);
  const nursing = useNursingMode(kit, place, route);
  const guide = useKioskMode(kit, route);
  const live = useLiveMode(kit, mode === 'live', () => rendererRef.current?.camera);
  const flow = useFlowMode(kit, mode === 'flow');
  const planning = usePlanMode(kit, mode === 'plan');
  const edit = useEditMode(
    kit,
    mode === 'edit',
    route.route?.answer.to.id ?? null,
    () => void loaded.refresh().then(route.replan, () => undefined),
    () => rendererRef.current?.camera,
  );
  const start = useStartMode(kit, { place, search, route, findcar, nursing, edit });
  const editing = mode === 'edit';

  const starting = useStartTask(task, summary, {
    route: () => route.begin(),
    kiosk: (first) => guide.begin(first),
    show: (first) => void show(first),
    nursing: () => nursing.find(),
    search: () => search.begin(),
  });

  // Under a route, its pins stand in for the place card's; the card's outline for the route's end.
  const markers = useMemo(
    () => [
      ...(route.route ? route.markers : place.markers),
      ...guide.markers,
      ...(editing ? edit.markers : []),
    ],
    [route.route, route.markers, place.markers, guide.markers, editing, edit.markers],
  );

  const withBack = (panel: ReactNode) => (
    <>
      {route.back()}
      {panel}
    </>
  );
  const views: Record<Mode, ReactNode> = {
    start: start.panel,
    results: search.panel,
    route: withBack(route.panel()),
    findcar: withBack(findcar.panel),
    nursing: withBack(nursing.panel),
    kiosk: guide.panel,
    live: withBack(live.panel),
    flow: withBack(flow.panel),
    plan: withBack(planning.panel),
    edit: withBack(edit.panel),
  };

  const levelEntry = summary?.levels.find((entry) => entry.short === level);
  return (
    <div
      className={`demo__frame${sheetOpen ? ' is-sheet-open' : ''}${starting ? ' is-starting' : ''}`}
    >
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
          {search.box}
        </div>
        <div className="demo__panel-body" id={bodyId} data-scroll-panel>
          {messages.alert}
          {place.view(route)}
          <div className="demo__view" hidden={Boolean(place.card)}>
            {views[mode]}
          </div>
          <ApiPanel words={words} call={props.call} />
        </div>
      </div>
      <MapView
        words={words}
        label={
          summary && levelEntry
            ? fill(words.map, {
                venue: summary.name,
                level: levelEntry.short,
                name: levelEntry.name,
              })
            : words.loading
        }
        helpId={helpId}
        model={model}
        levels={summary?.levels ?? []}
        level={level}
        onLevel={(short) => void show(short)}
        raised={raised}
        onRaised={setRaised}
        {...route.map}
        markers={markers}
        {...live.map}
        liveFence={editing ? edit.outline : live.map.liveFence}
        venueFences={editing ? edit.fences : live.map.venueFences}
        onTapPoint={(editing && edit.tapPoint) || live.map.onTapPoint}
        onHold={editing ? edit.hold : undefined}
        {...flow.map}
        {...(mode === 'plan' ? planning.map : {})}
        highlight={editing ? edit.highlight : place.card ? place.highlight : route.highlight}
        onPick={editing ? edit.pick : place.pick}
        wheelNeedsCtrl={layout === 'embedded'}
        rendererRef={rendererRef}
        initialBearing={guide.bearing}
        loading={!model || model.data.short !== level}
        focus={focus}
      />
      {messages.spoken}
    </div>
  );
}

// The route and its simulated navigation (issue #14): a route between two places, drawn on the
// map (its line, its ends' pins, the bubbles where it changes level, its destination outlined),
// described in the route panel and walked on request. Find-my-car, the nursing-room finder, the
// guide screen and the place card plan their routes through it.
import { whenMarked } from '../../render/marks';
import { whenIdle } from '../../../runtime/yield';
import { type MutableRefObject, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { RouteAnswer } from '../../api';
import { emptyBox, extendBox } from '../../geometry';
import { lonLatToWorld } from '../../projection';
import { prefersReducedMotion } from '../../reduced-motion';
import type { MapRenderer } from '../../render/renderer';
import { type RouteModel, modelRoute } from '../../route-track';
import { useNavigation } from './use-navigation';
import { fill } from '../../../format/fill';
import { type ModeKit, boxAround, useLatest } from '../kit';
import type { Mode } from '../open-mode';
import { outlinedUnit } from '../units';
import { RoutePanel, minutes } from './route-panel';
import { routeMarkers } from './route-markers';

export interface RouteOptions {
  /** Start the simulated navigation once the route is shown. */
  nav?: boolean;
  /** Move focus to the route panel (the visitor asked for this route). */
  focusPanel?: boolean;
  accessible?: boolean;
  /** A request already under way (the hand-over's route, asked for at once). */
  request?: Promise<RouteAnswer> | undefined;
  /** Leave the map where it is (the same route again, after the editor changed the building). */
  keepView?: boolean;
}

export interface RouteEnds {
  from: string;
  to: string;
}

export type RouteMode = ReturnType<typeof useRouteMode>;

export function useRouteMode(
  kit: ModeKit,
  /** For the navigation's dot and camera (use-navigation.ts), and to know the map is drawn. */
  rendererRef: MutableRefObject<MapRenderer | null>,
  /** Called when a route is shown (the place card it was asked from closes). */
  onShown: () => void,
) {
  const { words, api, venue, task, summary, model, level, show, announce, moveMap } = kit;
  const [route, setRoute] = useState<RouteModel | null>(null);
  const [ends, setEnds] = useState<RouteEnds | null>(null);
  const [accessible, setAccessible] = useState(Boolean(task.accessible));
  const [busy, setBusy] = useState(false);
  const [focusPanel, setFocusPanel] = useState(false);
  const [autoNav, setAutoNav] = useState(false);
  // Only the answer to the latest request is shown.
  const serial = useRef(0);

  // The H5 hand-over opens with a route: the one its page brought, or asked for at once, beside
  // the venue's own data.
  const [early] = useState(() => {
    if ((task.mode !== 'route' && task.mode !== 'nav') || !task.from || !task.to) return undefined;
    const accessible = Boolean(task.accessible);
    const brought = api.routeNow(venue, task.from, task.to, accessible);
    if (brought) return { brought };
    const request = api.route(venue, task.from, task.to, accessible);
    request.catch(() => undefined);
    return { request };
  });

  /** Shows an answer: `found` are its ends where the request did not name them (find-my-car). */
  const showRoute = (answer: RouteAnswer, options: RouteOptions, found?: RouteEnds) => {
    if (found) setEnds(found);
    if (!summary) return;
    const routeModel = modelRoute(answer, summary.origin);
    setRoute(routeModel);
    setFocusPanel(Boolean(options.focusPanel));
    onShown();
    kit.quiet();
    announce(
      fill(words.route_announce, {
        from: answer.from.name,
        to: answer.to.name,
        distance: Math.round(answer.distance_m),
        minutes: minutes(answer.duration_s),
      }),
    );
    // The route's other levels load once the first frame is drawn and the page is idle: they
    // are needed when the walk reaches a lift, not while the first frame is being shown.
    void whenMarked('demo:first-draw')
      .then(() => whenIdle())
      .then(() => {
        for (const short of routeModel.levels) kit.levelData(short).catch(() => undefined);
      });
    const first = routeModel.legs[0];
    if (first && !options.keepView) {
      void show(first.level);
      moveMap(extendBox(emptyBox(), first.points), 2);
    }
    if (options.nav) setAutoNav(true);
  };

  const plan = (from: string, to: string, options: RouteOptions) => {
    const mine = ++serial.current;
    setEnds({ from, to });
    setBusy(true);
    (options.request ?? api.route(venue, from, to, options.accessible ?? accessible))
      .then(
        (answer) => {
          if (mine === serial.current) showRoute(answer, options);
        },
        (error: unknown) => {
          if (mine !== serial.current) return;
          kit.fail(error, () => latest.current.plan(from, to, { ...options, request: undefined }));
          setRoute(null);
          // A route asked for before any level was shown leaves the map empty: show the default.
          if (!kit.hasLevel() && summary) void show(summary.defaultLevel);
        },
      )
      .finally(() => {
        if (mine === serial.current) setBusy(false);
      });
  };
  const latest = useLatest({ plan });

  /** Drops the answer to a request under way (another mode asks for its own route). */
  const cancel = () => {
    serial.current += 1;
    setBusy(false);
  };
  const clear = () => {
    cancel();
    setRoute(null);
    setEnds(null);
  };

  const nav = useNavigation(
    route,
    rendererRef,
    (short) => {
      void show(short);
      announce(fill(words.level_changed, { level: short }));
    },
    (index) => {
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
    prefersReducedMotion,
  );

  // A navigation asked for with the route starts once the map shows the route's first level.
  useEffect(() => {
    const first = route?.legs[0];
    if (!autoNav || !route || !first || model?.data.short !== first.level || !rendererRef.current)
      return;
    setAutoNav(false);
    nav.control('start');
  }, [autoNav, route, model, nav, rendererRef]);

  const showStep = (index: number) => {
    const step = route?.answer.steps[index];
    if (!step || !summary) return;
    const [x, y] = lonLatToWorld(summary.origin, step.point);
    void show(step.level);
    moveMap(boxAround(x, y, 200), 2);
  };

  /** The task's route (or the venue's sample route), when the task is a route or a navigation. */
  const begin = () => {
    if (!summary) return;
    if (task.level) void show(task.level);
    const from = task.from || summary.samples.routeFrom;
    const to = task.to || summary.samples.routeTo;
    const nav = task.mode === 'nav';
    // A route the page brought is shown in the render that starts the task.
    if (early?.brought) {
      setEnds({ from, to });
      showRoute(early.brought, { nav });
    } else plan(from, to, { nav, request: early?.request });
  };

  const hereId = summary?.kiosks.find((entry) => entry.id === kit.kiosk)?.id;
  const markers = useMemo(
    () =>
      route && summary && level
        ? routeMarkers(route, level, summary.origin, model, words, hereId)
        : [],
    [route, summary, level, model, words, hereId],
  );

  /** The route shown, planned again as the building is now. */
  const replan = () => {
    if (route && ends) plan(ends.from, ends.to, { keepView: true });
  };

  return {
    route,
    ends,
    replan,
    accessible,
    busy,
    plan,
    show: showRoute,
    cancel,
    begin,
    /** The route's part of the map; its pins and outline are the viewer's to weigh (viewer.tsx). */
    map: { route, routeLevels: route?.levels ?? [], onGrab: nav.grab },
    markers,
    highlight:
      route?.answer.to.level === level
        ? outlinedUnit(model, route?.answer.to.id ?? undefined)
        : null,
    /** Back to `to`: the route the mode planned goes with it. */
    back: (to: Mode = 'start') => (
      <button
        type="button"
        className="demo-back"
        onClick={() => {
          clear();
          kit.dispatch({ type: 'open', mode: to });
        }}
      >
        {words.back}
      </button>
    ),
    /** The route panel (with `extra` under its buttons), or the planning under way. */
    panel: (extra?: ReactNode) =>
      route ? (
        <RoutePanel
          words={words}
          route={route}
          accessible={accessible}
          onAccessible={(value) => {
            setAccessible(value);
            if (ends) plan(ends.from, ends.to, { accessible: value });
          }}
          onSwap={() => {
            if (ends) plan(ends.to, ends.from, {});
          }}
          onClear={() => {
            clear();
            kit.dispatch({ type: 'clear', kiosk: Boolean(kit.kiosk) });
          }}
          nav={nav.phase}
          step={nav.step}
          onNav={nav.control}
          onShowStep={showStep}
          focusOnOpen={focusPanel}
        >
          {extra}
        </RoutePanel>
      ) : busy ? (
        <p className="demo-status">{words.route_planning}</p>
      ) : null,
  };
}

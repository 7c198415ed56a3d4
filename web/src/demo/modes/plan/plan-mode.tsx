// The viewer's device planning mode (issue #33), whole: the visitor's request, the plan's
// stream (cancelled when the visitor starts another, leaves the mode or the venue), the panel,
// and the plan on the map (plan-map.ts), where the visitor may change the layout and have the
// lab measure it again.
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  type PlanAnswer,
  type PlanProgress,
  type Technology,
  planTargets,
} from '../../api-answers';
import { fill } from '../../../format/fill';
import type { ModeKit } from '../kit';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { buildingIdPattern, buildingPaths } from '../../building-requests';
import { type Zone, planAddressOf, readPlanAddress } from './plan-address';
import { useCombination } from './plan-combination';
import { type PlanMap, usePlanLayout } from './plan-map';
import type * as PlanParts from './plan-parts';

export interface PlanRequest {
  technology: Technology;
  target: number;
  /** The level shown only, else every level. */
  thisLevel: boolean;
  /** The levels of a plan reopened from its address, until the visitor changes the request. */
  levels?: string[];
  zone: Zone;
  /** Stairwells count. */
  stairs: boolean;
}

/** A plan reopened from its address (`readPlanAddress`), as the form asks it. */
export function planOfAddress(text: string): PlanRequest | null {
  const plan = readPlanAddress(text);
  return plan && { ...plan, thisLevel: false };
}

export { planAddressOf };

/** What a plan found in a sentence: its devices against the target. A layout the visitor
 * changed was measured, not planned: a shortfall there is theirs to mend. */
export function planSummary(words: ViewerWords, plan: PlanAnswer): string {
  const missed = plan.rounds.length === 0 ? words.plan_layout_missed : words.plan_missed;
  return fill(plan.meets_target ? words.plan_met : missed, {
    count: plan.devices.length,
    kind: words[`plan_bom_${plan.technology}`],
    cep95: plan.total.cep95_m.toFixed(2),
    target: plan.target_cep95_m,
  });
}

/** Where the plan's devices are exported (plan-export.tsx): its stream's address with the
 * export's path, and a visitor's building's archive with the same query. */
function exportsOf(planUrl: string, archive: string | null) {
  const query = planUrl.slice(planUrl.indexOf('?'));
  return {
    geojsonUrl: planUrl.replace('/plan?', '/plan/infrastructure.geojson?'),
    archiveUrl: archive && `${archive}${query}`,
  };
}

export type PlanState =
  | { kind: 'idle' }
  | { kind: 'running'; queued: number | null; progress: PlanProgress | null }
  | { kind: 'done'; plan: PlanAnswer }
  | { kind: 'failed'; message: string };

export interface PlanMode {
  panel: ReactNode;
  map: PlanMap;
}

export function usePlanMode(kit: ModeKit, active: boolean): PlanMode {
  const { words, api, venue, level, summary } = kit;
  const [request, setRequest] = useState<PlanRequest>({
    technology: 'ble',
    target: planTargets.ble[2],
    thisLevel: false,
    zone: 'all',
    stairs: true,
  });
  const [state, setState] = useState<PlanState>({ kind: 'idle' });
  const [parts, setParts] = useState<typeof PlanParts | null>(null);
  const [failed, setFailed] = useState(0);
  useEffect(() => {
    if (!active || parts) return;
    let alive = true;
    import('./plan-parts').then(
      (module) => alive && setParts(module),
      (error: unknown) => alive && kit.fail(error, () => setFailed((count) => count + 1)),
    );
    return () => {
      alive = false;
    };
    // Asked again when the visitor retries a failed load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, parts, failed]);
  const running = useRef<AbortController | null>(null);
  const stop = () => {
    running.current?.abort();
    running.current = null;
  };
  // Leaving the mode or the venue closes the stream, which cancels the plan on the server.
  useEffect(() => {
    if (!active) stop();
    return stop;
  }, [active, venue]);

  // The levels of the plan last asked for, for the link that reopens it.
  const [asked, setAsked] = useState<string[]>([]);
  // The plan on the map: the last one, kept while a changed layout of it is measured.
  const [shown, setShown] = useState<PlanAnswer | null>(null);
  const start = (chosen: PlanRequest = request, layout?: string) => {
    if (!parts) return;
    stop();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'running', queued: null, progress: null });
    if (!layout) setShown(null);
    const levels = chosen.levels ?? (chosen.thisLevel && level ? [level] : []);
    setAsked(levels);
    const url = api.planUrl(
      venue,
      chosen.technology,
      chosen.target,
      levels,
      chosen.zone,
      chosen.stairs,
    );
    parts
      .streamPlan(
        url,
        (update) => {
          if (controller.signal.aborted) return;
          if (update.kind === 'queued') {
            setState({ kind: 'running', queued: update.data.ahead, progress: null });
          } else if (update.kind === 'progress') {
            setState({ kind: 'running', queued: null, progress: update.data });
          } else if (update.kind === 'plan') {
            setState({ kind: 'done', plan: update.data });
            setShown(update.data);
            kit.announce(planSummary(words, update.data));
          } else {
            setState({ kind: 'failed', message: update.data.message });
          }
        },
        controller.signal,
        layout,
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        });
      });
  };

  // A plan reopened from its address is made as soon as the panel is in, once.
  const fromAddress = useRef(kit.task.mode === 'plan' ? kit.task.plan : undefined);
  useEffect(() => {
    const text = fromAddress.current;
    if (!active || !parts || !text) return;
    fromAddress.current = undefined;
    const chosen = planOfAddress(text);
    if (!chosen) return;
    setRequest(chosen);
    start(chosen);
    // Once, when the panel first arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, parts]);

  // The last plan stays on the map (and may be changed) while its changed layout is measured.
  const plan = state.kind === 'done' ? state.plan : null;
  const layout = usePlanLayout(active ? shown : null, level, summary?.origin, parts?.layoutEdits);
  // The plan as it stands: the changed layout's devices with the figures last measured.
  const current = useMemo(
    () => plan && (layout.changed ? { ...plan, devices: [...layout.devices] } : plan),
    [plan, layout.changed, layout.devices],
  );
  const measure = () => {
    if (!plan) return;
    const levels = asked.length ? { levels: asked } : {};
    start(
      {
        technology: plan.technology,
        target: plan.target_cep95_m,
        thisLevel: false,
        zone: plan.zone,
        stairs: plan.stairs,
        ...levels,
      },
      parts?.layoutEdits.layoutBody(layout.devices),
    );
  };
  const csvHref = useMemo(
    () =>
      current && parts && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(
            new Blob([parts.planCsv(current, words.plan_csv_header)], { type: 'text/csv' }),
          )
        : null,
    [current, parts, words.plan_csv_header],
  );
  useEffect(
    () => () => {
      if (csvHref) URL.revokeObjectURL(csvHref);
    },
    [csvHref],
  );

  const enquiryHref = useMemo(() => {
    // A changed layout is sent once measured: its link reopens the planner's plan.
    if (!plan || !summary || layout.changed || !parts) return null;
    const { enquiryAddress, planEnquiry, reopenLink } = parts.enquiries;
    const url = reopenLink(window.location.origin, venue, { plan, levels: asked });
    return enquiryAddress(planEnquiry(words, summary.name, plan, url));
  }, [plan, summary, venue, words, asked, layout.changed, parts]);

  const combination = useCombination(kit, active, shown, parts?.enquiries);
  const partDots = combination.dots;
  const map = useMemo(
    () =>
      partDots.length
        ? { ...layout.map, liveDots: [...(layout.map.liveDots ?? []), ...partDots] }
        : layout.map,
    [layout.map, partDots],
  );

  const panel = !parts ? (
    <p className="demo-status">{words.loading}</p>
  ) : (
    <parts.PlanPanel
      words={words}
      request={request}
      onRequest={(changed) => setRequest({ ...changed, levels: undefined })}
      level={level}
      state={state}
      current={current}
      layout={layout}
      onMeasure={measure}
      onStart={() => start()}
      onCancel={() => {
        stop();
        setState({ kind: 'idle' });
      }}
      csvHref={csvHref}
      exports={exportsOf(
        api.planUrl(
          venue,
          plan?.technology ?? request.technology,
          plan?.target_cep95_m ?? request.target,
          asked,
          plan?.zone ?? request.zone,
          plan?.stairs ?? request.stairs,
        ),
        buildingIdPattern.test(venue) ? buildingPaths.archive(venue) : null,
      )}
      enquiryHref={enquiryHref}
      combination={{
        parts: combination.parts,
        onAdd: plan && !layout.changed ? () => combination.add({ plan, levels: asked }) : null,
        onRemove: combination.remove,
        enquiryHref: combination.enquiryHref,
      }}
      venueName={summary?.name ?? venue}
      csvName={fill(words.plan_csv_name, {
        venue: summary?.name ?? venue,
        technology: request.technology,
      })}
    />
  );
  return { panel, map };
}

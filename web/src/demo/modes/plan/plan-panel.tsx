// Device planning (部署规划, issue #33): the request (technology, target CEP95, levels), the
// plan's place in the queue and progress while it runs, then what it found: the device count
// against the target, the lab's figures per level with each statistic named, the bill of
// materials with the products' pages, and the installation list as CSV; the tools that change
// the layout are plan-edit.tsx.
import { useId, useRef } from 'react';
import { type PlanAnswer, type Technology, planTargets } from '../../api-answers';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { FigureTable } from '../table-head';
import { ChoiceField } from '../edit/edit-form';
import { Button } from '../button';
import { PanelSection } from '../panel-section';
import { type PlanState, type PlanRequest, planSummary } from './plan-mode';
import type { PlanLayoutEdits } from './plan-map';
import { PlanEdit } from './plan-edit';
import type { Zone } from './plan-address';

const zones: Zone[] = ['all', 'parking', 'rest', 'circulation', 'rooms'];
import { PlanExport, type PlanExports } from './plan-export';
import { type PlanCombination, PlanCombined } from './plan-combined';

export interface PlanPanelProps {
  words: ViewerWords;
  request: PlanRequest;
  onRequest: (request: PlanRequest) => void;
  /** The level shown, for "this level only". */
  level: string | null;
  state: PlanState;
  /** The finished plan with the devices as they stand (changed by the visitor or not). */
  current: PlanAnswer | null;
  layout: PlanLayoutEdits;
  /** Has the lab measure the changed layout. */
  onMeasure: () => void;
  exports: PlanExports;
  onStart: () => void;
  onCancel: () => void;
  /** The installation list of a finished plan, as a file address. */
  csvHref: string | null;
  csvName: string;
  /** The enquiry form, its description filled with the plan's summary. */
  enquiryHref: string | null;
  /** Plans of other zones kept with this one. */
  combination: PlanCombination;
  /** The venue's name, heading the plan (printed too). */
  venueName: string;
}

const metres = (words: ViewerWords, value: number) =>
  fill(words.plan_metres, { value: value.toFixed(2) });
const percent = (words: ViewerWords, value: number) =>
  fill(words.plan_percent, { value: (value * 100).toFixed(1) });

export function PlanPanel(props: PlanPanelProps) {
  const { words, request, onRequest, state } = props;
  const id = `demo-${useId()}`;
  const running = state.kind === 'running';
  const [min, max] = planTargets[request.technology];
  return (
    <PanelSection title={words.plan} intro={words.plan_intro}>
      <form
        className="demo-edit__room"
        aria-label={words.plan}
        onSubmit={(event) => {
          event.preventDefault();
          if (!running) props.onStart();
        }}
      >
        <ChoiceField
          label={words.plan_technology}
          value={request.technology}
          choices={[
            ['ble', words.plan_technology_ble],
            ['aoa', words.plan_technology_aoa],
            ['uwb', words.plan_technology_uwb],
          ]}
          onChange={(value) => {
            const technology = value as Technology;
            onRequest({ ...request, technology, target: planTargets[technology][2] });
          }}
        />
        <label htmlFor={`${id}-target`}>{words.plan_target}</label>
        <input
          id={`${id}-target`}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={0.1}
          required
          value={request.target}
          aria-describedby={`${id}-target-hint`}
          onInput={(event) => onRequest({ ...request, target: event.currentTarget.valueAsNumber })}
        />
        <p id={`${id}-target-hint`}>{fill(words.plan_target_hint, { min, max })}</p>
        <ChoiceField
          label={words.plan_levels}
          value={request.thisLevel ? 'shown' : 'all'}
          choices={[
            ['all', words.plan_levels_all],
            ...(props.level
              ? [
                  ['shown', fill(words.plan_levels_shown, { level: props.level })] as [
                    string,
                    string,
                  ],
                ]
              : []),
          ]}
          onChange={(value) => onRequest({ ...request, thisLevel: value === 'shown' })}
        />
        <ChoiceField
          label={words.plan_zone}
          value={request.zone}
          choices={zones.map((zone) => [zone, words[`plan_zone_${zone}`]] as [string, string])}
          onChange={(value) => onRequest({ ...request, zone: value as Zone })}
        />
        <label className="demo-check">
          <input
            type="checkbox"
            checked={request.stairs}
            onChange={(event) => onRequest({ ...request, stairs: event.currentTarget.checked })}
          />
          {words.plan_stairs}
        </label>
        <p>{words.plan_lifts}</p>
        <div className="demo-actions">
          <button type="submit" className="demo-button demo-button--primary" disabled={running}>
            {state.kind === 'done' ? words.plan_again : words.plan_start}
          </button>
          {running ? <Button onClick={props.onCancel}>{words.plan_cancel}</Button> : null}
        </div>
      </form>
      <PlanStatus words={words} state={state} />
      {props.current ? (
        <PlanResult
          words={words}
          plan={props.current}
          layout={props.layout}
          onMeasure={props.onMeasure}
          exports={props.exports}
          onCombine={props.combination.onAdd}
          csvHref={props.csvHref}
          csvName={props.csvName}
          enquiryHref={props.enquiryHref}
          venueName={props.venueName}
        />
      ) : null}
      <PlanCombined words={words} combination={props.combination} />
    </PanelSection>
  );
}

function PlanStatus({ words, state }: { words: ViewerWords; state: PlanState }) {
  if (state.kind !== 'running' && state.kind !== 'failed') return null;
  if (state.kind === 'failed') {
    return (
      <p className="demo-status" role="alert">
        {state.message}
      </p>
    );
  }
  const { queued, progress } = state;
  let text = words.plan_queued_next;
  let value: number | undefined;
  if (progress?.stage === 'placing') {
    text = fill(words.plan_placing, { round: progress.round, reach: progress.reach_m ?? '' });
  } else if (progress?.stage === 'measuring') {
    text = fill(words.plan_measuring, {
      round: progress.round,
      devices: progress.devices ?? 0,
      walked: progress.walked ?? 0,
      walkers: progress.walkers ?? 0,
    });
    value = (progress.walked ?? 0) / Math.max(1, progress.walkers ?? 1);
  } else if (queued !== null && queued > 0) {
    text = fill(words.plan_queued, { ahead: queued });
  }
  return (
    <>
      <p className="demo-status" role="status">
        {text}
      </p>
      <progress className="demo-plan__progress" aria-label={words.plan_progress} value={value} />
    </>
  );
}

function PlanResult(props: {
  words: ViewerWords;
  plan: PlanAnswer;
  layout: PlanLayoutEdits;
  onMeasure: () => void;
  exports: PlanExports;
  onCombine: (() => void) | null;
  csvHref: string | null;
  csvName: string;
  enquiryHref: string | null;
  venueName: string;
}) {
  const { words, plan } = props;
  const kind = words[`plan_bom_${plan.technology}`];
  const count = plan.devices.length;
  // A layout the visitor changed was measured, not planned.
  const measured = plan.rounds.length === 0;
  const summary = planSummary(words, plan);
  const perLevel = (level: string) => plan.devices.filter((d) => d.level === level).length;
  const listRef = useRef<HTMLDetailsElement>(null);
  return (
    <div className="demo-plan__result" data-plan-devices={count}>
      <h3 className="demo-live__subtitle">{fill(words.plan_title, { venue: props.venueName })}</h3>
      <p className="demo-plan__summary">{summary}</p>
      {plan.short_points > 0 && !measured ? (
        <p>{fill(words.plan_short, { short: plan.short_points, points: plan.points })}</p>
      ) : null}
      {measured ? <p>{words.plan_measured}</p> : null}
      <p className="demo-plan__print-hide">{words.plan_on_map}</p>
      <PlanEdit words={words} plan={plan} layout={props.layout} onMeasure={props.onMeasure} />
      <h3 className="demo-live__subtitle">{words.plan_figures}</h3>
      <FigureTable
        columns={[
          words.plan_level,
          words.plan_devices,
          words.plan_cep50,
          words.plan_cep75,
          words.plan_cep95,
          words.plan_floor_rate,
          words.plan_served,
          words.plan_first_fix,
        ]}
        rows={[...plan.levels, plan.total].map((row) => ({
          key: row.level || 'total',
          head: row.level || words.plan_all_levels,
          cells: [
            row.level ? perLevel(row.level) : count,
            metres(words, row.cep50_m),
            metres(words, row.cep75_m),
            metres(words, row.cep95_m),
            percent(words, row.floor_rate),
            percent(words, row.served_share),
            fill(words.plan_seconds, { p50: row.first_fix_p50_s, p95: row.first_fix_p95_s }),
          ],
        }))}
      />
      <h3 className="demo-live__subtitle">{words.plan_bom}</h3>
      <FigureTable
        columns={[words.plan_bom_model, words.plan_bom_count]}
        rows={[
          {
            key: 'device',
            head: <a href={words[`plan_bom_${plan.technology}_href`]}>{kind}</a>,
            cells: [count],
          },
          ...(plan.technology === 'ble'
            ? []
            : [{ key: 'network', head: words.plan_bom_network, cells: [count] }]),
        ]}
      />
      {plan.technology === 'ble' ? <p>{words.plan_bom_battery}</p> : null}
      <details className="demo-plan__list" ref={listRef}>
        <summary>{fill(words.plan_list, { count })}</summary>
        <FigureTable
          columns={[words.plan_list_name, words.plan_level, words.plan_list_height]}
          rows={plan.devices.map((device) => ({
            key: device.name,
            head: (
              <button
                type="button"
                className="demo-plan__device"
                aria-pressed={props.layout.selected === device.name}
                onClick={() => props.layout.select(device.name)}
              >
                {device.name}
              </button>
            ),
            cells: [device.level, metres(words, device.height_m)],
          }))}
        />
      </details>
      <p className="demo-plan__print-hide">
        <button
          type="button"
          className="demo-button"
          onClick={() => {
            // The list is part of the printed plan: opened first.
            if (listRef.current) listRef.current.open = true;
            window.print();
          }}
        >
          {words.plan_print}
        </button>
      </p>
      {props.csvHref ? (
        <p>
          <a className="demo-button" href={props.csvHref} download={props.csvName}>
            {words.plan_csv}
          </a>
        </p>
      ) : null}
      <PlanExport words={words} exports={props.exports} layout={plan.devices} />
      {props.onCombine ? (
        <p className="demo-plan__print-hide">
          <Button onClick={props.onCombine}>{words.plan_combine}</Button>
        </p>
      ) : null}
      {props.enquiryHref ? (
        <>
          <p>
            <a className="demo-button demo-button--primary" href={props.enquiryHref}>
              {words.plan_send}
            </a>
          </p>
          <p className="demo-plan__print-hide">{words.plan_send_hint}</p>
        </>
      ) : null}
    </div>
  );
}

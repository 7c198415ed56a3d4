// The tools that change a finished plan's layout (issue #33): add a device by tapping the map,
// or with the keyboard select one in the installation list and move it a metre at a time, copy
// it or take it away; then have the lab measure the changed layout, or drop the changes. Also
// the map's reading aids: the error heat map (with its legend) and the coverage gaps per level.
import type { PlanAnswer } from '../../api-answers';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { Button } from '../button';
import type { PlanLayoutEdits } from './plan-map';
import { pagePunctuation } from '../../../runtime/page-language';

export function PlanEdit(props: {
  words: ViewerWords;
  plan: PlanAnswer;
  layout: PlanLayoutEdits;
  onMeasure: () => void;
}) {
  const { words, plan, layout } = props;
  const heat = plan.heat[0];
  const gaps = plan.gaps.filter((g) => g.points > 0);
  const selected = layout.devices.find((d) => d.name === layout.selected);
  const nudges: [string, number, number][] = [
    [words.plan_nudge_north, 0, 1],
    [words.plan_nudge_south, 0, -1],
    [words.plan_nudge_west, -1, 0],
    [words.plan_nudge_east, 1, 0],
  ];
  return (
    <div className="demo-plan__print-hide">
      {heat ? (
        <>
          <label className="demo-check">
            <input
              type="checkbox"
              checked={layout.showHeat}
              onChange={(event) => layout.setShowHeat(event.currentTarget.checked)}
            />
            {words.plan_heat}
          </label>
          <p>{fill(words.plan_heat_legend, { cell: heat.cell_m, scale: heat.scale_m })}</p>
        </>
      ) : null}
      {gaps.length > 0 ? (
        <p data-plan-gaps={gaps.reduce((sum, g) => sum + g.points, 0)}>
          {fill(words.plan_gaps, {
            gaps: gaps
              .map((g) => fill(words.plan_gaps_level, { level: g.level, points: g.points }))
              .join(pagePunctuation().list),
          })}
        </p>
      ) : null}
      <h3 className="demo-live__subtitle">{words.plan_edit}</h3>
      <p>{words.plan_edit_hint}</p>
      <div className="demo-actions">
        <button
          type="button"
          className="demo-button"
          aria-pressed={layout.adding}
          onClick={() => layout.setAdding(!layout.adding)}
        >
          {layout.adding ? words.plan_adding : words.plan_add}
        </button>
      </div>
      {selected ? (
        <>
          <p role="status">
            {fill(words.plan_selected, { name: selected.name, level: selected.level })}
          </p>
          <div className="demo-actions">
            {nudges.map(([label, east, north]) => (
              <Button key={label} onClick={() => layout.nudge(east, north)}>
                {label}
              </Button>
            ))}
            <Button onClick={layout.copy}>{words.plan_copy}</Button>
            <Button onClick={layout.remove}>{words.plan_remove}</Button>
          </div>
        </>
      ) : null}
      {layout.changed ? (
        <>
          <p className="demo-plan__changed" role="status">
            {fill(words.plan_changed, { count: layout.devices.length })}
          </p>
          <div className="demo-actions">
            <Button primary onClick={props.onMeasure}>
              {words.plan_measure}
            </Button>
            <Button onClick={layout.reset}>{words.plan_undo_changes}</Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

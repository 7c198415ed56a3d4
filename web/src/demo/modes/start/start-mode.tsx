// The start panel: the venue's name, what the demo does, sample searches, and a button for each
// mode the venue offers (find-my-car where it has a car park, the nursing rooms where it lists
// them).
import type { EditMode } from '../edit/edit-mode';
import { PanelSection } from '../panel-section';
import type { FindCarMode } from '../findcar/findcar-mode';
import type { ModeKit } from '../kit';
import type { NursingMode } from '../nursing/nursing-mode';
import type { Mode } from '../open-mode';
import type { PlaceMode } from '../place/place-mode';
import type { RouteMode } from '../route/route-mode';
import { SampleChips } from '../sample-chips';
import type { SearchMode } from '../search/search-mode';

export function useStartMode(
  kit: ModeKit,
  /** What it opens or shows of the other modes. */
  modes: {
    place: Pick<PlaceMode, 'notice'>;
    search: Pick<SearchMode, 'sample'>;
    route: Pick<RouteMode, 'plan'>;
    findcar: Pick<FindCarMode, 'parking' | 'open'>;
    nursing: Pick<NursingMode, 'listed' | 'find'>;
    edit: Pick<EditMode, 'editable'>;
  },
) {
  const { words, summary, dispatch } = kit;
  const { route, findcar, nursing } = modes;
  const action = (label: string, onClick: false | (() => void)) =>
    onClick ? (
      <button type="button" className="demo-action" onClick={onClick}>
        {label}
      </button>
    ) : null;
  const open = (mode: Mode) => () => dispatch({ type: 'open', mode });
  return {
    panel: summary ? (
      <>
        {modes.place.notice}
        <PanelSection title={summary.name} intro={words.intro}>
          <SampleChips
            label={words.try}
            samples={summary.samples.queries}
            onPick={modes.search.sample}
          />
          <div className="demo-actions" role="group" aria-label={words.actions}>
            {action(words.action_route, () => {
              dispatch({ type: 'open', mode: 'route' });
              route.plan(summary.samples.routeFrom, summary.samples.routeTo, { focusPanel: true });
            })}
            {action(words.findcar, findcar.parking && findcar.open)}
            {action(words.nursing, nursing.listed && nursing.find)}
            {action(words.live, open('live'))}
            {action(words.flow, open('flow'))}
            {action(words.plan, open('plan'))}
            {action(words.edit, modes.edit.editable && open('edit'))}
          </div>
        </PanelSection>
      </>
    ) : null,
  };
}

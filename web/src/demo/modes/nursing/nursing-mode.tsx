// The nursing-room finder (issue #14): the venue's nursing rooms nearest to where the visitor is,
// and the route to the nearest, shown by the route mode under the list.
import { useId, useState } from 'react';
import type { SearchResult } from '../../api';
import { categoryLabel } from '../../places';
import { type ModeKit, useLatest } from '../kit';
import type { PlaceMode } from '../place/place-mode';
import type { RouteMode } from '../route/route-mode';
import { ResultsList } from '../search/results-list';

const CATEGORY = 'mothersroom';

export type NursingMode = ReturnType<typeof useNursingMode>;

export function useNursingMode(kit: ModeKit, place: PlaceMode, route: RouteMode) {
  const { words, api, venue, summary, start } = kit;
  const [rooms, setRooms] = useState<SearchResult[] | null>(null);
  const titleId = `demo-${useId()}`;
  const listed = Boolean(summary && categoryLabel(summary.labels, CATEGORY));

  const find = () => {
    if (!summary) return;
    kit.dispatch({ type: 'open', mode: 'nursing' });
    if (!listed) {
      setRooms([]);
      return;
    }
    api.search(venue, { q: '', category: CATEGORY, near: start, limit: 5 }).then(
      (answer) => {
        setRooms(answer.results);
        const nearest = answer.results[0];
        if (nearest && start) route.plan(start, nearest.id, {});
        else kit.announce(words.nursing_none);
      },
      (error: unknown) => kit.fail(error, () => latest.current.find()),
    );
  };
  const latest = useLatest({ find });

  return {
    /** The venue has a category for nursing rooms. */
    listed,
    find,
    panel: (
      <>
        <section className="demo-section" aria-labelledby={titleId}>
          <h2 id={titleId} className="demo-panel__title">
            {words.nursing_title}
          </h2>
          {rooms === null ? (
            <p className="demo-status">{words.loading}</p>
          ) : rooms.length ? (
            <ResultsList
              words={words}
              results={rooms}
              label={words.nursing_title}
              onChoose={place.choose}
            />
          ) : (
            <p>{words.nursing_none}</p>
          )}
        </section>
        {route.panel()}
      </>
    ),
  };
}

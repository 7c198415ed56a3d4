// Find my car (issue #14): a plate or a space number sent to the API's find-car, the space it
// names, and the route to it from where the visitor is, shown by the route mode under the panel.
import { useState } from 'react';
import type { FindCarAnswer } from '../../api';
import { placeRef } from '../../places';
import { type ModeKit, useLatest } from '../kit';
import type { RouteMode } from '../route/route-mode';
import { FindCarPanel } from './findcar-panel';

export type FindCarMode = ReturnType<typeof useFindCarMode>;

export function useFindCarMode(kit: ModeKit, route: RouteMode) {
  const { words, api, venue, task, summary } = kit;
  const [car, setCar] = useState<FindCarAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const parking = Boolean(summary?.levels.some((entry) => entry.parking));

  const find = (plate: string) => {
    setBusy(true);
    route.cancel();
    api
      .findCar(venue, plate, task.from, route.accessible)
      .then(
        (answer) => {
          setCar(answer);
          route.show(
            answer.route,
            {},
            { from: placeRef(answer.route.from), to: placeRef(answer.space) },
          );
        },
        (error: unknown) => kit.fail(error, () => latest.current.find(plate)),
      )
      .finally(() => setBusy(false));
  };
  const latest = useLatest({ find });

  return {
    /** The venue has a car park to look in. */
    parking,
    /** Opens the mode afresh: no car found yet. */
    open: () => {
      setCar(null);
      kit.dispatch({ type: 'open', mode: 'findcar' });
    },
    panel: (
      <>
        <FindCarPanel
          words={words}
          plates={summary?.samples.plates ?? []}
          found={car}
          busy={busy || route.busy}
          onFind={find}
          unavailable={Boolean(summary) && !parking}
        />
        {car ? route.panel() : null}
      </>
    ),
  };
}

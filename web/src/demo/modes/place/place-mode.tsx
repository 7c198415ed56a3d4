// The card of a place, over whichever mode is open: a place tapped on the map or chosen from a
// list, its unit outlined (or a pin where it has none), and the two routes it offers: to it, from
// where the visitor is, and from it (the visitor then picks where to go).
import { useMemo, useState } from 'react';
import type { SearchResult } from '../../api';
import type { MapTarget } from '../../map-labels';
import type { MapMarker } from '../../render/layers';
import { PlaceCard } from '../../place-card';
import { type PlaceInfo, completePlace, placeFromPick, placeFromResult } from '../../places';
import { fill } from '../../../format/fill';
import { Button } from '../button';
import { type ModeKit, boxAround } from '../kit';
import type { RouteMode } from '../route/route-mode';
import { outlinedUnit } from '../units';

export type PlaceMode = ReturnType<typeof usePlaceMode>;

export function usePlaceMode(kit: ModeKit) {
  const { words, summary, model, level, show, dispatch } = kit;
  const [card, setCard] = useState<PlaceInfo | null>(null);
  /** A place the visitor starts from, waiting for where to go. */
  const [from, setFrom] = useState<PlaceInfo | null>(null);

  const open = (place: PlaceInfo) => {
    setCard(place);
    kit.moveMap(boxAround(place.x, place.y, 260), 2.2);
    // A search result knows less than the level: the card fills in once the level is in.
    void show(place.level).then((levelModel) => {
      if (levelModel)
        setCard((current) =>
          current?.ref === place.ref ? completePlace(current, levelModel) : current,
        );
    });
  };

  const highlight = card && card.level === level ? outlinedUnit(model, card.unit) : null;
  const markers = useMemo(
    (): MapMarker[] =>
      card && card.level === level && !highlight
        ? [{ kind: 'place', x: card.x, y: card.y, unit: card.unit }]
        : [],
    [card, level, highlight],
  );

  return {
    card,
    open,
    /** Opens the card of a search result. */
    choose: (result: SearchResult) => summary && open(placeFromResult(result, summary.origin)),
    /** A tap on the map: the card of what is there, or none. */
    pick: (pick: MapTarget | undefined) =>
      setCard((pick && model && summary && placeFromPick(pick, model, summary.labels)) || null),
    close: () => setCard(null),
    /** Its unit outlined, while the card is open (it outranks the route's end). */
    highlight,
    /** Its pin, where it has no outline (the viewer leaves it out under a route's pins). */
    markers,
    /** The start panel's notice while a place waits for where to go. */
    notice: from ? (
      <div className="demo-notice">
        <p>{fill(words.route_pick_to, { place: from.name })}</p>
        <Button onClick={() => setFrom(null)}>{words.cancel}</Button>
      </div>
    ) : null,
    view: (route: RouteMode) =>
      card ? (
        <PlaceCard
          key={card.ref}
          words={words}
          place={card}
          levelName={summary?.levels.find((entry) => entry.short === card.level)?.name ?? ''}
          onClose={() => setCard(null)}
          onGoHere={() => {
            const start = from?.ref ?? kit.start;
            setFrom(null);
            setCard(null);
            if (!start) return;
            dispatch({ type: 'route' });
            route.plan(start, card.ref, { focusPanel: true });
          }}
          onStartHere={() => {
            setCard(null);
            if (route.ends) {
              dispatch({ type: 'route' });
              route.plan(card.ref, route.ends.to, { focusPanel: true });
            } else {
              setFrom(card);
              dispatch({ type: 'open', mode: 'start' });
            }
          }}
        />
      ) : null,
  };
}

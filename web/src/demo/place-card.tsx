// The card of a place: a non-modal dialog in the panel, named by its heading. Focus moves into it
// when it opens and returns to where it was when it closes (Escape or the close button).
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { formatOpeningHours } from '../format/opening-hours';
import { IconButton, crossPath } from './icon-button';
import type { PlaceInfo } from './places';
import type { ViewerWords } from '../content/venues/viewer-words';

export interface PlaceCardProps {
  words: ViewerWords;
  place: PlaceInfo;
  levelName: string;
  onClose: () => void;
  onGoHere: () => void;
  onStartHere: () => void;
}

/** One term of the card's description list and what the place says for it. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function PlaceCard({
  words,
  place,
  levelName,
  onClose,
  onGoHere,
  onStartHere,
}: PlaceCardProps) {
  const titleId = `demo-${useId()}`;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Remembers the element focused before the card opened and gives focus back once the card is
  // gone (after the panel under it is shown again), unless focus has gone somewhere on purpose,
  // such as into the next card.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    headingRef.current?.focus({ preventScroll: true });
    return () => {
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
      }, 0);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    // The dialog handles Escape for everything inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div className="demo-card" role="dialog" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="demo-card__head">
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="demo-card__title">
          {place.name}
        </h2>
        <IconButton className="demo-icon-button" label={words.close} onClick={onClose}>
          <path d={crossPath} />
        </IconButton>
      </div>
      <dl className="demo-card__facts">
        {place.category ? <Fact term={words.card_category}>{place.category}</Fact> : null}
        <Fact term={words.card_level}>
          {place.level} {levelName}
        </Fact>
        {place.zone ? <Fact term={words.card_zone}>{place.zone}</Fact> : null}
        {place.hours ? (
          <Fact term={words.card_hours}>{formatOpeningHours(place.hours, words.hours)}</Fact>
        ) : null}
        {place.phone ? (
          <Fact term={words.card_phone}>
            <a href={`tel:${place.phone}`}>{place.phone}</a>
          </Fact>
        ) : null}
        {place.website ? (
          <Fact term={words.card_website}>
            <a href={place.website} target="_blank" rel="noopener noreferrer">
              {place.website}
            </a>
          </Fact>
        ) : null}
      </dl>
      <div className="demo-card__actions">
        <button type="button" className="demo-button demo-button--primary" onClick={onGoHere}>
          {words.go_here}
        </button>
        <button type="button" className="demo-button" onClick={onStartHere}>
          {words.start_here}
        </button>
      </div>
    </div>
  );
}

// The venue switcher at the top of the viewer's panel: the demo's venues (and a visitor's
// building), one shown at a time.
import { useId } from 'react';
import type { ViewerWords } from '../../content/venues/viewer-words';

export function VenueSwitcher(props: {
  words: ViewerWords;
  venues: { id: string; name: string }[];
  venue: string;
  onVenue: (venue: string) => void;
}) {
  const id = `demo-${useId()}`;
  return (
    <div className="demo-venue">
      <label htmlFor={id}>{props.words.venue}</label>
      <select
        id={id}
        className="demo-venue__select"
        value={props.venue}
        onChange={(event) => props.onVenue(event.currentTarget.value)}
      >
        {props.venues.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}

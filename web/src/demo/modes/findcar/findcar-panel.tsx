// "Where is my car": a plate or a space number, sent to the API's find-car (docs/venue-contract.md §4.5), which assigns
// plates to spaces by a fixed rule in place of a car park's plate-recognition records; the panel
// says so. The route to the space follows in the route panel below.
import { type FormEvent, useId, useState } from 'react';
import type { FindCarAnswer } from '../../api';
import { SampleChips } from '../sample-chips';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';

export interface FindCarPanelProps {
  words: ViewerWords;
  plates: string[];
  found: FindCarAnswer | null;
  busy: boolean;
  onFind: (car: string) => void;
  /** The venue has no car park. */
  unavailable: boolean;
}

export function FindCarPanel({
  words,
  plates,
  found,
  busy,
  onFind,
  unavailable,
}: FindCarPanelProps) {
  const id = `demo-${useId()}`;
  const [car, setCar] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (car.trim()) onFind(car.trim());
  };
  return (
    <section className="demo-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="demo-panel__title">
        {words.findcar}
      </h2>
      {unavailable ? (
        <p>{words.findcar_none}</p>
      ) : (
        <>
          <p className="demo-section__intro">{words.findcar_intro}</p>
          <form className="demo-inline-form" onSubmit={submit}>
            <label htmlFor={`${id}-car`} className="sr-only">
              {words.findcar_input}
            </label>
            <input
              id={`${id}-car`}
              className="demo-input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              maxLength={16}
              placeholder={words.findcar_placeholder}
              value={car}
              onInput={(event) => setCar(event.currentTarget.value)}
            />
            <button type="submit" className="demo-button demo-button--primary" disabled={busy}>
              {words.findcar_submit}
            </button>
          </form>
          <SampleChips
            label={words.try}
            samples={plates}
            onPick={(plate) => {
              setCar(plate);
              onFind(plate);
            }}
          />
          {found ? (
            <p className="demo-found">
              {fill(found.space.zone ? words.findcar_found : words.findcar_found_no_zone, {
                space: found.space.name ?? '',
                zone: found.space.zone ?? '',
                level: found.space.level,
              })}
            </p>
          ) : null}
          <p className="demo-note">{words.findcar_note}</p>
        </>
      )}
    </section>
  );
}

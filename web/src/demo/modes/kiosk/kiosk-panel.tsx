// The guide screen's directory (docs/venue-contract.md §4.6): every category group with its places, floor by floor from
// the top. Choosing a place plans the route from the kiosk; the QR code (handover.svg) then opens
// the same route on a phone.
import { useId } from 'react';
import type { KioskAnswer } from '../../api';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';

export interface KioskPanelProps {
  words: ViewerWords;
  kiosk: KioskAnswer;
  onChoose: (entry: { id: string; name: string }) => void;
}

export function KioskPanel({ words, kiosk, onChoose }: KioskPanelProps) {
  const id = `demo-${useId()}`;
  return (
    <section className="demo-section demo-directory" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="demo-panel__title">
        {words.directory}
      </h2>
      <p className="demo-here">
        {fill(words.kiosk_here, { name: kiosk.kiosk.name ?? kiosk.kiosk.level })}
      </p>
      <p className="demo-section__intro">{words.directory_pick}</p>
      {kiosk.directory.map((group, index) => (
        <details key={group.label} className="demo-directory__group" open={index === 0}>
          <summary>{group.label}</summary>
          {group.levels.map((level) => (
            <div key={level.level} className="demo-directory__level">
              <h3>{level.level}</h3>
              <ul>
                {level.entries.map((entry) => (
                  <li key={entry.id}>
                    <button
                      type="button"
                      className="demo-directory__entry"
                      onClick={() => onChoose(entry)}
                    >
                      {entry.name}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </details>
      ))}
    </section>
  );
}

export function HandoverCode({
  words,
  src,
  place,
}: {
  words: ViewerWords;
  src: string;
  place: string;
}) {
  return (
    <figure className="demo-qr">
      {/* Big enough for a phone at arm's length: about 5 px per module for a hand-over address. */}
      <img src={src} width={232} height={232} alt={fill(words.qr_alt, { place })} />
      <figcaption>{words.qr_caption}</figcaption>
    </figure>
  );
}

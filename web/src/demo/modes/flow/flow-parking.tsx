// The car park of the flow analytics (车位占用, issue #17): spaces taken per parking level at the
// hour picked, as a table, with the hour picker; the map marks the spaces themselves.
import { useId } from 'react';
import type { FlowParking } from '../../api';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { FigureTable } from '../table-head';
import { pagePunctuation } from '../../../runtime/page-language';

export interface FlowParkingProps {
  words: ViewerWords;
  parking: FlowParking;
  /** Hours that may be picked (the venue's open hours). */
  hours: number[];
  onHour: (hour: number) => void;
}

export function FlowParkingSection(props: FlowParkingProps) {
  const { words, parking, hours, onHour } = props;
  const id = `demo-${useId()}`;
  const here = parking.levels.some((entry) => entry.level === parking.level);
  return (
    <>
      <h3 className="demo-live__subtitle">{words.flow_parking}</h3>
      <p className="demo-live__hint">{words.flow_parking_intro}</p>
      <div className="demo-live__pick">
        <label htmlFor={`${id}-at`}>{words.flow_parking_at}</label>
        <select
          id={`${id}-at`}
          value={parking.at}
          onChange={(event) => onHour(Number(event.target.value))}
        >
          {(hours.includes(parking.at) ? hours : [...hours, parking.at]).map((hour) => (
            <option key={hour} value={hour}>
              {fill(words.flow_hour_label, { hour })}
            </option>
          ))}
        </select>
      </div>
      <FigureTable
        columns={[
          words.flow_parking_level,
          words.flow_parking_spaces,
          words.flow_parking_taken,
          words.flow_parking_rate,
        ]}
        rows={parking.levels.map((entry) => {
          const taken = entry.occupied[parking.at] ?? 0;
          return {
            key: entry.level,
            head: entry.level,
            cells: [
              entry.spaces,
              taken,
              fill(words.live_percent, {
                value: Math.round((100 * taken) / Math.max(1, entry.spaces)),
              }),
            ],
          };
        })}
      />
      <p className="demo-live__hint" data-flow-taken={here ? parking.taken.length : undefined}>
        {here
          ? fill(words.flow_parking_map, {
              level: parking.level,
              hour: parking.at,
              count: parking.taken.length,
            })
          : fill(words.flow_parking_other, {
              levels: parking.levels.map((entry) => entry.level).join(pagePunctuation().list),
            })}
      </p>
    </>
  );
}

// Flow analytics (客流分析, issue #17): the day picker, the day's visitors and their peak, the
// hourly arrivals and visitors present as a table whose bars a reader sees and whose figures a
// screen reader reads, the ten busiest zones with their dwell time, the car park where there is
// one, and the heat map's legend.
import { useId } from 'react';
import type { FlowAnswer } from '../../api';
import { FlowParkingSection } from './flow-parking';
import { heatColour } from '../../heat-map';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { FigureTable, TableHead } from '../table-head';

export interface FlowPanelProps {
  words: ViewerWords;
  /** The dates that may be picked, today first (Beijing's, 2026-11-25). */
  dates: string[];
  /** The date picked; today when null. */
  date: string | null;
  onDate: (date: string | null) => void;
  answer: FlowAnswer | null;
  loading: boolean;
  /** Today has no visitors yet, so yesterday is shown. */
  closed: boolean;
  /** The car park's hour was picked. */
  onParkingHour: (hour: number) => void;
}

/** How many of the busiest zones are listed. */
const TOP = 10;

export function dateLabel(words: ViewerWords, date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return fill(words.flow_date_option, { month: month ?? '', day: day ?? '' });
}

/** The hours worth a row: from the first with anyone in the venue to the last. */
export function openHours(answer: FlowAnswer): number[] {
  const busy = (hour: number) => (answer.arrivals[hour] ?? 0) + (answer.present[hour] ?? 0) > 0;
  const hours = [...Array(24).keys()];
  const first = hours.find(busy);
  const last = hours.findLast(busy);
  return first === undefined || last === undefined ? [] : hours.slice(first, last + 1);
}

export function FlowPanel(props: FlowPanelProps) {
  const { words, dates, date, onDate, answer, loading, closed, onParkingHour } = props;
  const id = `demo-${useId()}`;
  const today = date === null && !closed;
  const hours = answer ? openHours(answer) : [];
  const most = Math.max(1, ...hours.map((h) => answer?.present[h] ?? 0));
  const peakHour = answer
    ? hours.reduce(
        (best, h) => ((answer.present[h] ?? 0) > (answer.present[best] ?? 0) ? h : best),
        hours[0] ?? 0,
      )
    : 0;
  const ramp = `linear-gradient(to right, ${[1, 85, 170, 255]
    .map((w) => {
      const [r, g, b] = heatColour(w);
      return `rgb(${r} ${g} ${b})`;
    })
    .join(', ')})`;
  return (
    <section className="demo-section demo-flow" aria-labelledby={`${id}-title`} aria-busy={loading}>
      <h2 id={`${id}-title`} className="demo-panel__title">
        {words.flow}
      </h2>
      <p className="demo-section__intro">{words.flow_intro}</p>
      <div className="demo-live__pick">
        <label htmlFor={`${id}-date`}>{words.flow_date}</label>
        <select
          id={`${id}-date`}
          value={date ?? ''}
          onChange={(event) => onDate(event.target.value === '' ? null : event.target.value)}
        >
          {dates.map((day, i) => (
            <option key={day} value={i === 0 ? '' : day}>
              {i === 0 ? words.flow_today : dateLabel(words, day)}
            </option>
          ))}
        </select>
      </div>
      {closed ? <p className="demo-status">{words.flow_closed}</p> : null}
      {loading && answer ? <p className="demo-status">{words.flow_loading}</p> : null}
      {!answer ? (
        <p className="demo-status">{words.flow_loading}</p>
      ) : (
        <>
          <p className="demo-flow__total" data-flow-visitors={answer.visitors}>
            {today
              ? fill(words.flow_visitors_today, {
                  hour: answer.hours_counted,
                  count: answer.visitors,
                })
              : fill(words.flow_visitors, {
                  date: dateLabel(words, answer.date),
                  count: answer.visitors,
                })}
            {answer.weekend ? words.flow_weekend : ''}
          </p>
          {hours.length ? (
            <p>{fill(words.flow_peak, { count: answer.present[peakHour] ?? 0, hour: peakHour })}</p>
          ) : null}
          <h3 className="demo-live__subtitle">{words.flow_hours}</h3>
          <table className="demo-live__table demo-flow__hours">
            <TableHead columns={[words.flow_hour, words.flow_arrivals, words.flow_present]} />
            <tbody>
              {hours.map((hour) => {
                const present = answer.present[hour] ?? 0;
                return (
                  <tr key={hour}>
                    <th scope="row">{fill(words.flow_hour_label, { hour })}</th>
                    <td>{answer.arrivals[hour] ?? 0}</td>
                    <td className="demo-flow__bar-cell">
                      <span
                        className="demo-flow__bar"
                        style={{ inlineSize: `${(100 * present) / most}%` }}
                        aria-hidden="true"
                      />
                      <span className="demo-flow__figure">{present}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <h3 className="demo-live__subtitle">{words.flow_zones}</h3>
          <FigureTable
            columns={[
              words.flow_zone,
              words.flow_level,
              words.flow_zone_visitors,
              words.flow_dwell,
            ]}
            rows={answer.zones.slice(0, TOP).map((zone) => ({
              key: zone.id,
              head: zone.name ?? zone.id,
              cells: [
                zone.level,
                zone.visitors,
                zone.dwell_median_s === null
                  ? '—'
                  : fill(words.flow_minutes, { minutes: Math.round(zone.dwell_median_s / 60) }),
              ],
            }))}
          />
          {answer.parking ? (
            <FlowParkingSection
              words={words}
              parking={answer.parking}
              hours={hours}
              onHour={onParkingHour}
            />
          ) : null}
          <h3 className="demo-live__subtitle">
            {fill(words.flow_heat, { level: answer.heat.level })}
          </h3>
          {answer.heat.peak_s > 0 ? (
            <>
              <p className="demo-live__hint">{words.flow_heat_intro}</p>
              <p className="demo-flow__legend">
                <span>{words.flow_heat_cold}</span>
                <span
                  className="demo-flow__ramp"
                  style={{ backgroundImage: ramp }}
                  aria-hidden="true"
                />
                <span>{words.flow_heat_hot}</span>
              </p>
            </>
          ) : (
            <p className="demo-live__hint">{words.flow_heat_empty}</p>
          )}
        </>
      )}
    </section>
  );
}

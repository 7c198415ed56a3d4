// Live positioning (issue #17): what the dots on the map are, whether the stream is on, the
// truth toggle, and the accuracy the engine measured over the last ten minutes per technology,
// beside its target. The figures are text, so a screen reader gets what the dots show.
import { type ReactNode, useId, useState } from 'react';
import { technologyColours } from '../../live-dots';
import { type LiveAccuracy, type Technology, technologies } from '../../live-stream';
import type { LiveStatus } from './use-live';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { Button } from '../button';
import { FigureTable } from '../table-head';

export interface LivePanelProps {
  words: ViewerWords;
  status: LiveStatus;
  /** Tags positioned on the level shown. */
  count: number;
  accuracy: LiveAccuracy[];
  truth: boolean;
  onTruth: (truth: boolean) => void;
  /** The tags on the level, for replay. */
  tags: string[];
  onReplay: (tag: string) => void;
  /** A replay is being fetched. */
  replayLoading: boolean;
  /** The replay's controls, when one is open (in place of the tag picker). */
  children?: ReactNode;
}

const names = (words: ViewerWords): Record<Technology, [string, string]> => ({
  ble: [words.live_ble, words.live_target_ble],
  aoa: [words.live_aoa, words.live_target_aoa],
  uwb: [words.live_uwb, words.live_target_uwb],
});

export function LivePanel(props: LivePanelProps) {
  const { words, status, count, accuracy, truth, onTruth, tags } = props;
  const id = `demo-${useId()}`;
  const [picked, setPicked] = useState('');
  const tag = tags.includes(picked) ? picked : (tags[0] ?? '');
  const metres = (value: number) => fill(words.live_metres, { value: value.toFixed(2) });
  const rows = technologies
    .map((technology) => accuracy.find((row) => row.technology === technology))
    .filter((row): row is LiveAccuracy => row !== undefined);
  return (
    <section className="demo-section demo-live" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="demo-panel__title">
        {words.live}
      </h2>
      <p className="demo-section__intro">{words.live_intro}</p>
      <p className="demo-status" data-live-status={status}>
        {status === 'failed'
          ? words.live_failed
          : status === 'connecting'
            ? words.live_connecting
            : fill(words.live_count, { count })}
      </p>
      <label className="demo-check">
        <input
          type="checkbox"
          checked={truth}
          onChange={(event) => onTruth(event.target.checked)}
        />
        <span>{words.live_truth}</span>
      </label>
      {truth ? <p className="demo-live__hint">{words.live_truth_hint}</p> : null}
      <h3 className="demo-live__subtitle">{words.live_accuracy}</h3>
      {rows.length ? (
        <FigureTable
          columns={[
            words.live_technology,
            words.live_cep50,
            words.live_cep95,
            words.live_target,
            words.live_floor,
          ]}
          rows={rows.map((row) => {
            const [name, target] = names(words)[row.technology];
            return {
              key: row.technology,
              data: { 'data-technology': row.technology },
              head: (
                <>
                  <svg className="demo-live__swatch" viewBox="0 0 10 10" aria-hidden="true">
                    <circle cx="5" cy="5" r="5" fill={technologyColours[row.technology]} />
                  </svg>
                  {name}
                </>
              ),
              cells: [
                metres(row.cep50M),
                metres(row.cep95M),
                target,
                fill(words.live_percent, { value: (row.floorRate * 100).toFixed(1) }),
              ],
            };
          })}
        />
      ) : (
        <p className="demo-status">{words.live_accuracy_none}</p>
      )}
      {props.children ?? (
        <>
          <h3 className="demo-live__subtitle">{words.live_replay}</h3>
          <div className="demo-live__pick">
            <label htmlFor={`${id}-tag`}>{words.live_replay_tag}</label>
            <select
              id={`${id}-tag`}
              value={tag}
              onChange={(event) => setPicked(event.target.value)}
            >
              {tags.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            <Button disabled={!tag || props.replayLoading} onClick={() => props.onReplay(tag)}>
              {props.replayLoading ? words.live_replay_loading : words.live_replay_start}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

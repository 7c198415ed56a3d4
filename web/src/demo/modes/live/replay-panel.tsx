// The replay controls of one tag's track: play and pause, the speed, a slider over its seconds,
// where the tag was at the second shown, and the track's export as GeoJSON and CSV.
import { useId } from 'react';
import { clockTime } from '../../live-stream';
import { type Replay, type ReplaySpeed, replaySpeeds } from './use-replay';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { Button } from '../button';

export interface ReplayPanelProps {
  words: ViewerWords;
  replay: Replay;
  onChange: (replay: Replay) => void;
  onBack: () => void;
  /** Download addresses of the track. */
  files: { geojson: string; csv: string };
}

export function ReplayPanel({ words, replay, onChange, onBack, files }: ReplayPanelProps) {
  const id = `demo-${useId()}`;
  const { track, index, playing, speed } = replay;
  const point = track.points[index];
  const last = track.points.length - 1;
  return (
    <section className="demo-section demo-replay" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="demo-live__subtitle">
        {words.live_replay} · {track.tag}
      </h3>
      <div className="demo-replay__controls">
        <Button
          primary
          onClick={() =>
            onChange({ ...replay, playing: !playing, index: index >= last ? 0 : index })
          }
        >
          {playing ? words.live_replay_pause : words.live_replay_play}
        </Button>
        <label className="demo-replay__speed">
          <span>{words.live_replay_speed}</span>
          <select
            value={speed}
            onChange={(event) =>
              onChange({ ...replay, speed: Number(event.target.value) as ReplaySpeed })
            }
          >
            {replaySpeeds.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="demo-replay__slider">
        <span className="sr-only">{words.live_replay_time}</span>
        <input
          type="range"
          min={0}
          max={last}
          value={index}
          aria-valuetext={point ? clockTime(point.second) : ''}
          onChange={(event) => onChange({ ...replay, index: Number(event.target.value) })}
        />
      </label>
      <p className="demo-status" data-replay-second={point?.second}>
        {point
          ? fill(words.live_replay_at, { time: clockTime(point.second), level: point.level })
          : ''}
      </p>
      <p className="demo-replay__files">
        {words.live_export}
        <a href={files.geojson} download>
          GeoJSON
        </a>
        <a href={files.csv} download>
          CSV
        </a>
      </p>
      <Button onClick={onBack}>{words.live_replay_back}</Button>
    </section>
  );
}

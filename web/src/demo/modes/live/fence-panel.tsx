// Electronic fences (电子围栏) in the live demo: draw a polygon on the map (or drop a square in the
// middle of it, from the keyboard), and the list of alerts the server pushes: the fence's enters,
// exits and dwells, and the badges' SOS presses. The list is a live region, so a screen reader
// hears each alert as it comes.
import { useId } from 'react';
import { type LiveAlert, clockTime } from '../../live-stream';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { Button } from '../button';

export type FencePhase = 'none' | 'drawing' | 'on';

export interface FencePanelProps {
  words: ViewerWords;
  phase: FencePhase;
  /** Corners placed while drawing. */
  corners: number;
  onDraw: () => void;
  onFinish: () => void;
  onCentre: () => void;
  onClear: () => void;
  alerts: LiveAlert[];
  /** The fence's dwell time. */
  dwellMinutes: number;
  /** The venue's own fences, named with their levels; empty when it has none. */
  venueFences: string;
}

export function FencePanel(props: FencePanelProps) {
  const { words, phase, alerts } = props;
  const id = `demo-${useId()}`;
  const text = (alert: LiveAlert) => {
    const values = {
      time: clockTime(alert.second),
      tag: alert.tag,
      level: alert.level,
      minutes: props.dwellMinutes,
      fence: alert.fence === 'drawn' ? words.live_fence_drawn : (alert.fence ?? ''),
    };
    const template = {
      enter: words.live_alert_enter,
      exit: words.live_alert_exit,
      dwell: words.live_alert_dwell,
      sos: words.live_alert_sos,
    }[alert.kind];
    return fill(template, values);
  };
  return (
    <section className="demo-fence" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="demo-live__subtitle">
        {words.live_fence}
      </h3>
      <p className="demo-live__hint">{words.live_fence_intro}</p>
      {props.venueFences ? (
        <p className="demo-live__hint">
          {fill(words.live_fence_venue, { names: props.venueFences })}
        </p>
      ) : null}
      {phase === 'drawing' ? (
        <p className="demo-status">{fill(words.live_fence_drawing, { count: props.corners })}</p>
      ) : phase === 'on' ? (
        <p className="demo-status" data-fence="on">
          {words.live_fence_on}
        </p>
      ) : null}
      <div className="demo-live__pick">
        {phase === 'none' ? (
          <>
            <Button onClick={props.onDraw}>{words.live_fence_draw}</Button>
            <Button onClick={props.onCentre}>{words.live_fence_centre}</Button>
          </>
        ) : null}
        {phase === 'drawing' ? (
          <Button primary disabled={props.corners < 3} onClick={props.onFinish}>
            {words.live_fence_finish}
          </Button>
        ) : null}
        {phase !== 'none' ? (
          <Button onClick={props.onClear}>{words.live_fence_clear}</Button>
        ) : null}
      </div>
      <h3 className="demo-live__subtitle">{words.live_alerts}</h3>
      <ul className="demo-alerts" aria-live="polite" aria-label={words.live_alerts}>
        {alerts.map((alert) => (
          <li
            key={`${alert.kind}-${alert.tag}-${alert.second}`}
            className={`demo-alerts__item demo-alerts__item--${alert.kind}`}
            data-alert={alert.kind}
          >
            {text(alert)}
          </li>
        ))}
      </ul>
      {alerts.length ? null : <p className="demo-status">{words.live_alerts_none}</p>}
    </section>
  );
}

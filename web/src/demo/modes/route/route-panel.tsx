// The planned route: its two ends, distance and time, the accessible-route switch, the simulated
// navigation's controls, and the steps as an ordered list in which the current step is marked
// aria-current="step". A step's button shows where it happens on the map.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { RouteModel } from '../../route-track';
import type { NavPhase } from './use-navigation';
import { fill } from '../../../format/fill';
import type { ViewerWords } from '../../../content/venues/viewer-words';
import { Button } from '../button';

export interface RoutePanelProps {
  words: ViewerWords;
  route: RouteModel;
  accessible: boolean;
  onAccessible: (accessible: boolean) => void;
  onSwap: () => void;
  onClear: () => void;
  nav: NavPhase;
  /** The current step while navigating, else -1. */
  step: number;
  onNav: (action: 'start' | 'pause' | 'resume' | 'stop') => void;
  onShowStep: (index: number) => void;
  /** Moves focus to the panel's heading when it opens after the visitor asked for a route. */
  focusOnOpen: boolean;
  children?: ReactNode;
}

export function minutes(seconds: number): number {
  return Math.max(1, Math.round(seconds / 60));
}

export function RoutePanel(props: RoutePanelProps) {
  const { words, route, nav, step } = props;
  const { answer } = route;
  const titleId = `demo-${useId()}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (props.focusOnOpen) headingRef.current?.focus({ preventScroll: true });
    // Only when a new route opens the panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // Keeps the current step in view while navigating, scrolling the panel only (scrollIntoView
  // would scroll the page under an embedded demo too).
  useEffect(() => {
    if (step < 0) return;
    const item = listRef.current?.children[step] as HTMLElement | undefined;
    const panel = item?.closest<HTMLElement>('[data-scroll-panel]');
    if (!item || !panel) return;
    const inner = item.getBoundingClientRect();
    const outer = panel.getBoundingClientRect();
    if (inner.top < outer.top) panel.scrollTop -= outer.top - inner.top + 8;
    else if (inner.bottom > outer.bottom) panel.scrollTop += inner.bottom - outer.bottom + 8;
  }, [step]);

  const endName = (end: typeof answer.from) =>
    fill(words.route_end, { name: end.name, level: end.level });
  return (
    <section className="demo-route" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="demo-panel__title">
        {words.route}
      </h2>
      <dl className="demo-route__ends">
        <div>
          <dt>{words.route_from}</dt>
          <dd>{endName(answer.from)}</dd>
        </div>
        <div>
          <dt>{words.route_to}</dt>
          <dd>{endName(answer.to)}</dd>
        </div>
      </dl>
      <p className="demo-route__summary">
        <strong>
          {fill(words.route_summary, {
            distance: Math.round(answer.distance_m),
            minutes: minutes(answer.duration_s),
          })}
        </strong>
        {route.levels.length > 1 ? (
          <span> · {fill(words.route_levels, { levels: route.levels.join(' → ') })}</span>
        ) : null}
      </p>
      <label className="demo-check">
        <input
          type="checkbox"
          checked={props.accessible}
          onChange={(event) => props.onAccessible(event.currentTarget.checked)}
        />
        <span>{words.accessible}</span>
      </label>
      <div className="demo-route__actions">
        {nav === 'idle' || nav === 'done' ? (
          <Button primary onClick={() => props.onNav('start')}>
            {nav === 'done' ? words.nav_restart : words.nav_start}
          </Button>
        ) : (
          <>
            <Button primary onClick={() => props.onNav(nav === 'running' ? 'pause' : 'resume')}>
              {nav === 'running' ? words.nav_pause : words.nav_resume}
            </Button>
            <Button onClick={() => props.onNav('stop')}>{words.nav_stop}</Button>
          </>
        )}
        <Button onClick={props.onSwap}>{words.swap}</Button>
        <Button onClick={props.onClear}>{words.route_clear}</Button>
      </div>
      {props.children}
      <h3 id={`${titleId}-steps`} className="demo-route__steps-title">
        {words.steps}
      </h3>
      <ol ref={listRef} className="demo-steps" aria-labelledby={`${titleId}-steps`}>
        {answer.steps.map((item, index) => (
          <li
            key={`${index}-${item.kind}`}
            className={`demo-steps__item demo-steps__item--${item.kind}${index === step ? ' is-current' : ''}`}
            aria-current={index === step ? 'step' : undefined}
          >
            <button
              type="button"
              className="demo-steps__button"
              onClick={() => props.onShowStep(index)}
            >
              <span className="demo-steps__text">{item.text}</span>
              <span className="demo-steps__level">{item.level}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

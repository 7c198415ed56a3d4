// A mode's panel: a section named by its heading, the mode's introduction under it.
import { type ReactNode, useId } from 'react';

export function PanelSection(props: {
  title: ReactNode;
  intro?: ReactNode;
  /** A class of the mode's own beside `demo-section`. */
  className?: string;
  children?: ReactNode;
}) {
  const id = `demo-${useId()}`;
  const className = props.className ? `demo-section ${props.className}` : 'demo-section';
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className="demo-panel__title">
        {props.title}
      </h2>
      {props.intro ? <p className="demo-section__intro">{props.intro}</p> : null}
      {props.children}
    </section>
  );
}

import type { ReactNode } from 'react';

/**
 * One titled section of a page: its h2 labels it for screen readers. `band` puts it on the
 * full-width tinted background that alternates with white sections.
 */
export function PageSection({
  id,
  title,
  band = false,
  children,
}: {
  /** Unique on the page; the heading's id. */
  id: string;
  title: string;
  band?: boolean;
  children: ReactNode;
}) {
  const section = (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {children}
    </section>
  );
  return band ? <div className="band">{section}</div> : section;
}

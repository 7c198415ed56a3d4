import type { ReactNode } from 'react';

/**
 * One titled section of a page: its h2 labels it for screen readers, an optional introduction
 * follows it. `band` puts it on the full-width tinted background that alternates with white
 * sections.
 */
export function PageSection({
  id,
  title,
  intro,
  band = false,
  children,
}: {
  /** Unique on the page; the heading's id. */
  id: string;
  title: string;
  intro?: string | undefined;
  band?: boolean;
  children: ReactNode;
}) {
  const section = (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section__title">
        {title}
      </h2>
      {intro ? <p className="section__intro">{intro}</p> : null}
      {children}
    </section>
  );
  return band ? <div className="band">{section}</div> : section;
}

/** A page section made from a section of content: its title, and its introduction if it has one. */
export function ContentSection({
  id,
  section,
  band = false,
  children,
}: {
  id: string;
  section: { title: string; intro?: string | undefined };
  band?: boolean;
  children: ReactNode;
}) {
  return (
    <PageSection id={id} title={section.title} intro={section.intro} band={band}>
      {children}
    </PageSection>
  );
}

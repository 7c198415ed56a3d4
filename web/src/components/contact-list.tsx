import type { AboutPageContent } from '../content/schema';
import { ContentLink } from './content-link';

type ContactRoute = AboutPageContent['contact']['items'][number];

/** Ways to reach the company: a label and a value each, the value a link where there is one. */
export function ContactList({
  items,
  newWindowNote,
}: {
  items: readonly ContactRoute[];
  newWindowNote: string;
}) {
  return (
    <dl className="contact-list">
      {items.map((item) => (
        <div className="contact-list__item" key={item.label}>
          <dt>{item.label}</dt>
          <dd>
            {item.path ? (
              <ContentLink path={item.path} newWindowNote={newWindowNote}>
                {item.value}
              </ContentLink>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

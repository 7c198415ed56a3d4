// Business consultation (/next/business): what can be customised, how a project runs, and the
// ways to reach sales.
import { TextCards } from '../components/cards';
import { ContactList } from '../components/contact-list';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import type { BusinessPageContent } from '../content/schema';
import type { Content, LoadedPage } from '../content/types';

export function BusinessPage({
  page,
  business,
  content,
}: {
  page: LoadedPage;
  business: BusinessPageContent;
  content: Content;
}) {
  const { customisation, process, contact } = business;
  return (
    <>
      <Hero heading={business.hero.heading} intro={business.hero.intro} image={page.heroImage} />
      <PageSection id="business-customisation" title={customisation.title}>
        {customisation.intro ? <p className="section__intro">{customisation.intro}</p> : null}
        <TextCards items={customisation.items} />
      </PageSection>
      <PageSection id="business-process" title={process.title} band>
        {process.intro ? <p className="section__intro">{process.intro}</p> : null}
        <TextCards items={process.items} numbered />
      </PageSection>
      <PageSection id="business-contact" title={contact.title}>
        {contact.intro ? <p className="section__intro">{contact.intro}</p> : null}
        <ContactList items={contact.items} newWindowNote={content.site.a11y.new_window} />
      </PageSection>
    </>
  );
}

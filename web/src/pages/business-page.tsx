// Business consultation (/next/business): the enquiry form first, then what can be customised,
// how a project runs, and the other ways to reach sales.
import { TextCards } from '../components/cards';
import { ContactList } from '../components/contact-list';
import { Hero } from '../components/hero';
import { Island } from '../shell/island';
import { ContentSection } from '../components/page-section';
import { leadFormProps, pageFormId } from '../leads/catalog';
import type { FamilyPageProps } from './family-page-props';

export function BusinessPage({
  page,
  business,
  content,
  leadTemplate = false,
}: FamilyPageProps<'business'> & {
  /**
   * Render the form with the server's markers (docs/enquiries.md section 4), for the error
   * answer.
   */
  leadTemplate?: boolean;
}) {
  const { customisation, process, contact } = business;
  const { form } = content.leads;
  return (
    <>
      <Hero heading={business.hero.heading} intro={business.hero.intro} image={page.heroImage} />
      <div className="band">
        <section className="section lead-section" aria-labelledby="business-lead">
          <h2 id="business-lead" className="section__title">
            {form.title}
          </h2>
          <p className="section__intro">{form.intro}</p>
          <Island
            name="lead-form"
            props={leadFormProps(content, {
              formId: pageFormId,
              page: page.route.path,
              template: leadTemplate,
            })}
          />
        </section>
      </div>
      <ContentSection id="business-customisation" section={customisation}>
        <TextCards items={customisation.items} />
      </ContentSection>
      <ContentSection id="business-process" section={process} band>
        <TextCards items={process.items} numbered />
      </ContentSection>
      <ContentSection id="business-contact" section={contact}>
        <ContactList items={contact.items} newWindowNote={content.site.a11y.new_window} />
      </ContentSection>
    </>
  );
}

// About (/next/about): the company's story, milestones from 2013, capabilities and contact.
import { TextCards } from '../components/cards';
import { ContactList } from '../components/contact-list';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import type { AboutPageContent } from '../content/schema';
import type { Content, LoadedPage } from '../content/types';

export function AboutPage({
  page,
  about,
  content,
}: {
  page: LoadedPage;
  about: AboutPageContent;
  content: Content;
}) {
  return (
    <>
      <Hero heading={about.hero.heading} intro={about.hero.intro} image={page.heroImage} />
      <PageSection id="about-story" title={about.story.title}>
        <div className="prose">
          {about.story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </PageSection>
      <PageSection id="about-milestones" title={about.milestones.title} band>
        {about.milestones.intro ? <p className="section__intro">{about.milestones.intro}</p> : null}
        <ol className="timeline">
          {about.milestones.items.map((milestone) => (
            <li className="timeline__item" key={`${milestone.year}-${milestone.title}`}>
              <p className="timeline__year">{milestone.year}</p>
              <h3 className="timeline__title">{milestone.title}</h3>
              <p className="timeline__text">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>
      <PageSection id="about-capabilities" title={about.capabilities.title}>
        {about.capabilities.intro ? (
          <p className="section__intro">{about.capabilities.intro}</p>
        ) : null}
        <TextCards items={about.capabilities.items} />
      </PageSection>
      <PageSection id="about-contact" title={about.contact.title} band>
        {about.contact.intro ? <p className="section__intro">{about.contact.intro}</p> : null}
        <ContactList items={about.contact.items} newWindowNote={content.site.a11y.new_window} />
      </PageSection>
    </>
  );
}

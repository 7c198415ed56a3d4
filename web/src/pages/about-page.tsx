// About (/next/about): the company's story, milestones from 2013, capabilities and contact.
import { TextCards } from '../components/cards';
import { ContactList } from '../components/contact-list';
import { Hero } from '../components/hero';
import { ContentSection, PageSection } from '../components/page-section';
import type { FamilyPageProps } from './family-page-props';

export function AboutPage({ page, about, content }: FamilyPageProps<'about'>) {
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
      <ContentSection id="about-milestones" section={about.milestones} band>
        <ol className="timeline">
          {about.milestones.items.map((milestone) => (
            <li className="timeline__item" key={`${milestone.year}-${milestone.title}`}>
              <p className="timeline__year">{milestone.year}</p>
              <h3 className="timeline__title">{milestone.title}</h3>
              <p className="timeline__text">{milestone.text}</p>
            </li>
          ))}
        </ol>
      </ContentSection>
      <ContentSection id="about-capabilities" section={about.capabilities}>
        <TextCards items={about.capabilities.items} />
      </ContentSection>
      <ContentSection id="about-contact" section={about.contact} band>
        <ContactList items={about.contact.items} newWindowNote={content.site.a11y.new_window} />
      </ContentSection>
    </>
  );
}

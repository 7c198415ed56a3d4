// An industry solution page (issue #4): the industry's pain points, the architecture (a layer
// diagram drawn from content), the services used and what each does here, the hardware, the
// outcomes, a case story by venue type, and a consultation call to action.
import { FigureList, LinkCards, TextCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { LayerDiagram } from '../components/diagrams';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import { deviceCards, serviceCards } from './related';
import type { FamilyPageProps } from './family-page-props';

export function SolutionPage({ page, solution, content }: FamilyPageProps<'solution'>) {
  const labels = content.site.solution_page;
  const newWindowNote = content.site.a11y.new_window;
  // The card says what the service does in this industry, not the service's general summary.
  const capabilities = solution.capabilities.flatMap(({ service, text }) =>
    serviceCards(content, [service]).map((card) => ({ ...card, text })),
  );
  const story = solution.case;
  return (
    <>
      <Hero heading={solution.hero.heading} intro={solution.hero.intro} image={page.heroImage} />
      <PageSection id="solution-pains" title={labels.pains_title}>
        <TextCards items={solution.pains} />
      </PageSection>
      <PageSection id="solution-architecture" title={labels.architecture_title} band>
        <div className="explained">
          <p className="explained__text">{solution.architecture.intro}</p>
          <LayerDiagram
            id="solution-layers"
            title={labels.architecture_diagram}
            layers={solution.architecture.layers}
          />
        </div>
      </PageSection>
      <PageSection id="solution-capabilities" title={labels.capabilities_title}>
        <LinkCards items={capabilities} more={labels.service_link} newWindowNote={newWindowNote} />
      </PageSection>
      <PageSection id="solution-devices" title={labels.devices_title} band>
        <LinkCards
          items={deviceCards(content, solution.related_devices)}
          more={labels.device_link}
          newWindowNote={newWindowNote}
        />
      </PageSection>
      <PageSection id="solution-outcomes" title={labels.outcomes_title}>
        <FigureList items={solution.outcomes} note={labels.outcomes_note} />
      </PageSection>
      <PageSection id="solution-case" title={labels.case_title} band>
        <article className="case" aria-labelledby="solution-case-title">
          <h3 id="solution-case-title" className="case__title">
            {story.title}
          </h3>
          <dl className="case__facts">
            {(
              [
                [labels.case_venue, story.venue],
                [labels.case_challenge, story.challenge],
                [labels.case_approach, story.approach],
                [labels.case_result, story.result],
              ] as const
            ).map(([label, value]) => (
              <div className="case__fact" key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </article>
      </PageSection>
      <ConsultCta id="solution-cta" cta={labels.cta} content={content} />
    </>
  );
}

// A product-service page (issue #4): what the service solves, its capabilities, how it works
// (a flow diagram drawn from the steps in content), its figures, the platforms it ships for,
// where it fits, the hardware it works with, and a consultation call to action.
import { FigureList, LinkCards, TextCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { FlowDiagram } from '../components/diagrams';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import { DemoSection } from './demo-section';
import { UploadSection } from './upload-section';
import { deviceCards } from './related';
import type { FamilyPageProps } from './family-page-props';
import { useEdition } from '../components/edition';

export function ServicePage({ page, service, content }: FamilyPageProps<'service'>) {
  const labels = content.site.service_page;
  const { marks, path } = useEdition();
  const newWindowNote = content.site.a11y.new_window;
  const devices = deviceCards(content, service.related_devices);
  return (
    <>
      <Hero heading={service.hero.heading} intro={service.hero.intro} image={page.heroImage} />
      {service.demo ? (
        <DemoSection id="service-demo" demo={service.demo} content={content} />
      ) : null}
      <PageSection id="service-problem" title={labels.problem_title} intro={service.problem.intro}>
        <TextCards items={service.problem.points} width="wide" />
      </PageSection>
      <PageSection id="service-capabilities" title={labels.capabilities_title} band>
        <TextCards items={service.capabilities} />
      </PageSection>
      <PageSection id="service-how" title={labels.how_title}>
        <div className="explained">
          <p className="explained__text">{service.how.intro}</p>
          <FlowDiagram id="service-flow" title={labels.how_diagram} steps={service.how.steps} />
        </div>
      </PageSection>
      <PageSection id="service-figures" title={labels.figures_title} band>
        <FigureList items={service.figures} note={labels.figures_note} />
      </PageSection>
      <PageSection id="service-platforms" title={labels.platforms_title}>
        <TextCards items={service.platforms} width="narrow" />
      </PageSection>
      <PageSection id="service-scenarios" title={labels.scenarios_title} band>
        <ul className="card-grid card-grid--wide">
          {service.scenarios.map((scenario) => (
            <li className="card" key={scenario.title}>
              <h3 className="card__title">{scenario.title}</h3>
              <p className="card__text">{scenario.text}</p>
              {scenario.solution ? (
                <a className="card__more" href={path(`/next/solution/${scenario.solution}`)}>
                  {labels.scenario_link}
                  <span className="sr-only">
                    {marks.colon}
                    {scenario.title}
                  </span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </PageSection>
      {devices.length ? (
        <PageSection id="service-devices" title={labels.devices_title}>
          <LinkCards items={devices} more={labels.device_link} newWindowNote={newWindowNote} />
        </PageSection>
      ) : null}
      {service.upload ? <UploadSection section={service.upload} content={content} /> : null}
      <ConsultCta id="service-cta" cta={labels.cta} content={content} />
    </>
  );
}

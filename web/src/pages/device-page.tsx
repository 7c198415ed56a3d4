// A hardware page (issue #4): hero with the product picture, features, the specification table,
// typical deployments, the solutions the device is used in, and a consultation call to action.
import { LinkCards, TextCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import { SpecTable } from '../components/spec-table';
import { DemoSection } from './demo-section';
import { solutionCards } from './related';
import type { FamilyPageProps } from './family-page-props';

export function DevicePage({ page, device, content }: FamilyPageProps<'device'>) {
  const labels = content.site.device_page;
  return (
    <>
      <Hero heading={device.hero.heading} intro={device.hero.intro} image={page.heroImage} />
      <PageSection id="device-features" title={labels.features_title}>
        <TextCards items={device.features} />
      </PageSection>
      {device.demo ? <DemoSection id="device-demo" demo={device.demo} content={content} /> : null}
      <PageSection id="device-specs" title={labels.specs_title} band>
        <SpecTable
          caption={`${device.name} ${labels.specs_title}`}
          specs={device.specs}
          labels={labels}
        />
      </PageSection>
      <PageSection id="device-deployments" title={labels.deployments_title}>
        <TextCards items={device.deployments} width="wide" />
      </PageSection>
      <PageSection id="device-solutions" title={labels.solutions_title} band>
        <LinkCards
          items={solutionCards(content, device.related_solutions)}
          more={labels.solution_link}
          newWindowNote={content.site.a11y.new_window}
        />
      </PageSection>
      <ConsultCta id="device-cta" cta={labels.cta} content={content} />
    </>
  );
}

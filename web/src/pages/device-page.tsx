// A hardware page (issue #4): hero with the product picture, features, the specification table
// (content data, never written into this component), typical deployments, the solutions the
// device is used in, and a consultation call to action.
import { LinkCards, TextCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
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
      <PageSection id="device-specs" title={labels.specs_title} band>
        <div className="spec-table__scroll">
          <table className="spec-table">
            <caption className="sr-only">
              {device.name} {labels.specs_title}
            </caption>
            <thead>
              <tr>
                <th scope="col">{labels.spec_column}</th>
                <th scope="col">{labels.value_column}</th>
              </tr>
            </thead>
            <tbody>
              {device.specs.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="spec-table__note">{device.specs.note}</p>
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

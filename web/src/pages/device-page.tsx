// A hardware page (issue #4): hero with the product picture, features, the specification table
// (content data, never written into this component), typical deployments, the solutions the
// device is used in, and a consultation call to action.
import { ContentLink } from '../components/content-link';
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import type { DevicePageContent } from '../content/schema';
import type { Content, LoadedPage } from '../content/types';

/** A grid of cards with a heading and a paragraph each (features, deployments). */
function TextCards({
  items,
  className,
}: {
  items: readonly { title: string; text: string }[];
  className: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li className="card" key={item.title}>
          <h3 className="card__title">{item.title}</h3>
          <p className="card__text">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function DevicePage({
  page,
  device,
  content,
}: {
  page: LoadedPage;
  device: DevicePageContent;
  content: Content;
}) {
  const labels = content.site.device_page;
  const solutions = device.related_solutions.flatMap((slug) => {
    const solution = content.pages.find((p) => p.route.path === `/next/solution/${slug}`);
    return solution ? [{ slug, hero: solution.content.hero }] : [];
  });
  return (
    <>
      <Hero heading={device.hero.heading} intro={device.hero.intro} image={page.heroImage} />
      <PageSection id="device-features" title={labels.features_title}>
        <TextCards items={device.features} className="card-grid" />
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
        <TextCards items={device.deployments} className="card-grid card-grid--wide" />
      </PageSection>
      <PageSection id="device-solutions" title={labels.solutions_title} band>
        <ul className="card-grid card-grid--narrow">
          {solutions.map(({ slug, hero }) => (
            <li className="card card--link" key={slug}>
              <h3 className="card__title">{hero.heading}</h3>
              <p className="card__text">{hero.intro}</p>
              <a className="card__more" href={`/next/solution/${slug}`}>
                {labels.solution_link}
                <span className="sr-only">：{hero.heading}</span>
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
      <section className="cta" aria-labelledby="device-cta">
        <div className="cta__inner">
          <h2 id="device-cta" className="cta__title">
            {labels.cta_title}
          </h2>
          <p className="cta__text">{labels.cta_text}</p>
          <p className="cta__actions">
            <span className="cta__button">
              <ContentLink path={labels.cta_path} newWindowNote={content.site.a11y.new_window}>
                {labels.cta_button}
              </ContentLink>
            </span>
            <a className="cta__phone" href={`tel:${content.site.hotline.tel}`}>
              {content.site.header.hotline_label} {content.site.hotline.display}
            </a>
          </p>
        </div>
      </section>
    </>
  );
}

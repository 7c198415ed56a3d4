// The live demo's own page (/next/demo, issue #14): the viewer at full size behind its
// "试一试" button, what to try, the guide-screen views, and the calls the demo makes.
import { TextCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { Hero } from '../components/hero';
import { Island } from '../shell/island';
import { ContentSection } from '../components/page-section';
import type { DemoPageContent } from '../content/schema';
import type { Content } from '../content/types';
import { kioskPath } from '../content/route-table';
import { venueDemoProps } from '../island-props/venue-demo-props';
import { UploadSection, uploadSectionId } from './upload-section';
import { editionPath } from '../content/language';
import { summaryIn } from '../content/venues/names';

export function DemoPage({
  demo,
  content,
  firstFrame = false,
}: {
  demo: DemoPageContent;
  content: Content;
  /** The page of a hand-over address: the viewer starts at once (issue #34). */
  firstFrame?: boolean;
}) {
  const kiosks = content.venues.list.flatMap((venue) => {
    const summary = summaryIn(venue, content.language);
    return summary.kiosks.map((kiosk) => ({ ...kiosk, venue: summary.name }));
  });
  return (
    <>
      <Hero heading={demo.hero.heading} intro={demo.hero.intro} />
      <section className="section section--demo" aria-label={demo.demo.label}>
        <Island
          name="venue-demo"
          props={venueDemoProps(content, demo.demo.task, 'page', {
            readsAddress: true,
            uploadPath: `#${uploadSectionId}`,
            firstFrame,
          })}
        />
      </section>
      <UploadSection section={demo.upload} content={content} />
      <ContentSection id="demo-tries" section={demo.tries} band>
        <TextCards items={demo.tries.items} />
      </ContentSection>
      <ContentSection id="demo-kiosks" section={demo.kiosks}>
        <ul className="demo-kiosks">
          {kiosks.map((kiosk) => (
            <li className="card card--link" key={kiosk.id}>
              <h3 className="card__title">
                <span className="card__stretched">
                  <a href={editionPath(kioskPath(kiosk.id), content.language)}>{kiosk.name}</a>
                </span>
              </h3>
              <p className="card__text">
                {kiosk.venue} · {kiosk.level}
              </p>
              <span className="card__more" aria-hidden="true">
                {demo.kiosks.link}
              </span>
            </li>
          ))}
        </ul>
      </ContentSection>
      <ContentSection id="demo-api" section={demo.api} band>
        <ul className="api-calls">
          {demo.api.items.map((call) => (
            <li className="card" key={call.request}>
              <code className="api-calls__request">{call.request}</code>
              <p className="card__text">{call.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>
      <ConsultCta id="demo-cta" cta={demo.cta} content={content} />
    </>
  );
}

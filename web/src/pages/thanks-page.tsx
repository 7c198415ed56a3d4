// After an enquiry was stored (/next/business/thanks, issue #6): what happens next, the hotline
// for anything urgent, and ways back into the site. Not indexed.
import { Hero } from '../components/hero';
import { PageSection } from '../components/page-section';
import type { SiteInfo, ThanksPageContent } from '../content/schema';

/** A sentence with the hotline number in it, the number as a tel: link. */
export function HotlineText({ text, hotline }: { text: string; hotline: SiteInfo['hotline'] }) {
  const [before, ...after] = text.split(hotline.display);
  if (after.length === 0) return <>{text}</>;
  return (
    <>
      {before}
      <a href={`tel:${hotline.tel}`}>{hotline.display}</a>
      {after.join(hotline.display)}
    </>
  );
}

export function ThanksPage({
  thanks,
  hotline,
}: {
  thanks: ThanksPageContent;
  hotline: SiteInfo['hotline'];
}) {
  return (
    <>
      <Hero heading={thanks.hero.heading} intro={thanks.hero.intro} />
      <PageSection id="thanks-next" title={thanks.next.title}>
        <ol className="thanks-steps">
          {thanks.next.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="thanks-hotline">
          <HotlineText text={thanks.next.hotline} hotline={hotline} />
        </p>
        <ul className="thanks-links">
          {thanks.links.map((link) => (
            <li key={link.path}>
              <a className="thanks-links__link" href={link.path}>
                {link.name}
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
    </>
  );
}

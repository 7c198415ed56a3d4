// Lays out one route's content. Page families get their own layouts as their content grows
// (hardware pages have theirs); every page starts with its hero.
import { Hero } from '../components/hero';
import { devicePageContent } from '../content/types';
import type { Content, LoadedPage } from '../content/types';
import { DevicePage } from './device-page';

export function ContentPage({ page, content }: { page: LoadedPage; content: Content }) {
  const device = devicePageContent(page);
  if (device) return <DevicePage page={page} device={device} content={content} />;
  const { hero } = page.content;
  return (
    <>
      <Hero heading={hero.heading} intro={hero.intro} image={page.heroImage} />
      {page.bodyHtml ? (
        <div className="section">
          <article
            className="markdown-body document"
            dangerouslySetInnerHTML={{ __html: page.bodyHtml }}
          />
        </div>
      ) : null}
    </>
  );
}

// Lays out one route's content. Page families get their own sections as their content grows;
// every page starts with its hero.
import { Hero } from '../components/hero';
import type { LoadedPage } from '../content/types';

export function ContentPage({ page }: { page: LoadedPage }) {
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

// The home page (/next/): the value proposition, then the service families, featured products,
// hardware, solutions by industry, figures, developer entry points, the latest news and a
// consultation call to action.
import { FigureList, LinkCards } from '../components/cards';
import { ConsultCta } from '../components/consult-cta';
import { ContentLink } from '../components/content-link';
import { Hero } from '../components/hero';
import { ContentSection, PageSection } from '../components/page-section';
import { pagesOf } from '../content/types';
import { ArticleMeta } from './article-meta';
import { deviceCards, solutionCards } from './related';
import type { FamilyPageProps } from './family-page-props';
import { useEdition } from '../components/edition';

const asCards = (items: readonly { name: string; text: string; path: string }[]) =>
  items.map((item) => ({ title: item.name, text: item.text, path: item.path }));

export function HomePage({ page, home, content }: FamilyPageProps<'home'>) {
  const newWindowNote = content.site.a11y.new_window;
  const { path } = useEdition();
  const articles = pagesOf(content.pages, 'article').slice(0, home.news.count);
  return (
    <>
      <Hero heading={home.hero.heading} intro={home.hero.intro} image={page.heroImage} />
      <ContentSection id="home-services" section={home.services}>
        <LinkCards
          items={asCards(home.services.items)}
          newWindowNote={newWindowNote}
          width="five"
        />
      </ContentSection>
      <PageSection id="home-try" title={home.try_it.title} band>
        <div className="try-it">
          <p className="try-it__text">{home.try_it.text}</p>
          <p className="try-it__action cta__button">
            <ContentLink path={home.try_it.path} newWindowNote={newWindowNote}>
              {home.try_it.button}
            </ContentLink>
          </p>
        </div>
      </PageSection>
      <ContentSection id="home-products" section={home.products}>
        <LinkCards items={asCards(home.products.items)} newWindowNote={newWindowNote} />
      </ContentSection>
      <ContentSection id="home-hardware" section={home.hardware}>
        <LinkCards
          items={deviceCards(content, home.hardware.devices)}
          newWindowNote={newWindowNote}
          width="normal"
        />
        <p className="section__more">
          <a href={path('/next/device')}>{home.hardware.more}</a>
        </p>
      </ContentSection>
      <ContentSection id="home-solutions" section={home.solutions} band>
        <LinkCards
          items={solutionCards(content, home.solutions.solutions)}
          newWindowNote={newWindowNote}
          width="normal"
        />
      </ContentSection>
      <ContentSection id="home-figures" section={home.figures}>
        <FigureList items={home.figures.items} />
      </ContentSection>
      <ContentSection id="home-developers" section={home.developers} band>
        <LinkCards items={asCards(home.developers.items)} newWindowNote={newWindowNote} />
      </ContentSection>
      <PageSection id="home-news" title={home.news.title}>
        <ul className="card-grid">
          {articles.map(({ page: article, content: item }) => (
            <li className="card card--link" key={article.route.path}>
              <ArticleMeta article={item} labels={content.site.article_page} />
              <h3 className="card__title">
                <span className="card__stretched">
                  <a href={article.route.path}>{item.hero.heading}</a>
                </span>
              </h3>
              <p className="card__text">{item.hero.intro}</p>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <a href={path('/next/notice')}>{home.news.more}</a>
        </p>
      </PageSection>
      <ConsultCta id="home-cta" cta={home.cta} content={content} />
    </>
  );
}

// A news article (/next/notice/<slug>): its Markdown body, rendered at build time with the
// Markdown theme, then the latest other articles and a way back to the list.
import { pagesOf } from '../content/types';
import { ResponsiveImage } from '../components/responsive-image';
import { ArticleMeta } from './article-meta';
import type { FamilyPageProps } from './family-page-props';
import { useEdition } from '../components/edition';

export function ArticlePage({ page, article, content }: FamilyPageProps<'article'>) {
  const labels = content.site.article_page;
  const { path } = useEdition();
  const others = pagesOf(content.pages, 'article')
    .filter((other) => other.page.route.path !== page.route.path)
    .slice(0, 3);
  return (
    <>
      <section className="hero hero--plain hero--article">
        <div className="hero__inner">
          <ArticleMeta article={article} labels={labels} />
          <h1 className="hero__title">{article.hero.heading}</h1>
          <p className="hero__intro">{article.hero.intro}</p>
        </div>
      </section>
      <div className="section">
        {page.heroImage ? (
          <figure className="document article-figure">
            <ResponsiveImage
              className="article-figure__image"
              image={page.heroImage}
              sizes="(min-width: 908px) 860px, calc(100vw - 48px)"
              priority
            />
          </figure>
        ) : null}
        <article
          className="markdown-body document"
          aria-label={article.hero.heading}
          dangerouslySetInnerHTML={{ __html: page.bodyHtml ?? '' }}
        />
        <p className="document back-link">
          <a href={path('/next/notice')}>{labels.back}</a>
        </p>
      </div>
      <div className="band">
        <section className="section" aria-labelledby="article-latest">
          <h2 id="article-latest" className="section__title">
            {labels.latest_title}
          </h2>
          <ul className="card-grid">
            {others.map(({ page: other, content: item }) => (
              <li className="card card--link" key={other.route.path}>
                <ArticleMeta article={item} labels={labels} />
                <h3 className="card__title">
                  <a href={other.route.path}>{item.hero.heading}</a>
                </h3>
                <p className="card__text">{item.hero.intro}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

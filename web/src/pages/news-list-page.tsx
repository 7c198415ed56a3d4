// The news list (/next/notice and /next/notice/page/<n>): articles newest first, a page at a
// time, with their dates, categories and summaries, and links between the pages.
import { Hero } from '../components/hero';
import { pagesOf } from '../content/types';
import { newsListPath } from '../content/route-table';
import { ResponsiveImage } from '../components/responsive-image';
import { ArticleMeta } from './article-meta';
import type { FamilyPageProps } from './family-page-props';
import { useEdition } from '../components/edition';

export function NewsListPage({ page, news, content }: FamilyPageProps<'news'>) {
  const articles = pagesOf(content.pages, 'article');
  const current = page.listPage ?? 1;
  const pageCount = Math.max(1, Math.ceil(articles.length / news.per_page));
  const shown = articles.slice((current - 1) * news.per_page, current * news.per_page);
  const labels = content.site.article_page;
  const { marks, path } = useEdition();
  return (
    <>
      <Hero heading={news.hero.heading} intro={news.hero.intro} />
      <div className="section">
        <ol className="news-list">
          {shown.map(({ page: article, content: item }) => (
            <li className="news-list__item" key={article.route.path}>
              {article.heroImage ? (
                <ResponsiveImage
                  className="news-list__image"
                  image={article.heroImage}
                  sizes="(min-width: 721px) 240px, calc(100vw - 48px)"
                />
              ) : null}
              <article aria-labelledby={`${article.route.path}-title`}>
                <ArticleMeta article={item} labels={labels} />
                <h2 className="news-list__title" id={`${article.route.path}-title`}>
                  <a href={article.route.path}>{item.hero.heading}</a>
                </h2>
                <p className="news-list__summary">{item.hero.intro}</p>
                <a className="news-list__more" href={article.route.path}>
                  {news.read_more}
                  <span className="sr-only">
                    {marks.colon}
                    {item.hero.heading}
                  </span>
                </a>
              </article>
            </li>
          ))}
        </ol>
        {pageCount > 1 ? (
          <nav className="pagination" aria-label={news.pagination_label}>
            {current > 1 ? (
              <a className="pagination__step" href={path(newsListPath(current - 1))} rel="prev">
                {news.previous}
              </a>
            ) : null}
            <ol className="pagination__pages">
              {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
                <li key={number}>
                  <a
                    className="pagination__page"
                    href={path(newsListPath(number))}
                    aria-current={number === current ? 'page' : undefined}
                  >
                    {number}
                  </a>
                </li>
              ))}
            </ol>
            {current < pageCount ? (
              <a className="pagination__step" href={path(newsListPath(current + 1))} rel="next">
                {news.next}
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}

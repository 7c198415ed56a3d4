import type { ArticleContent, SiteInfo } from '../content/schema';
import { useEdition } from '../components/edition';

/** An article's category and publication date, above its title in lists and on its page. */
export function ArticleMeta({
  article,
  labels,
}: {
  article: ArticleContent;
  labels: SiteInfo['article_page'];
}) {
  const { marks } = useEdition();
  return (
    <p className="article-meta">
      <span className="article-meta__category">
        <span className="sr-only">
          {labels.category}
          {marks.colon}
        </span>
        {article.category}
      </span>
      <span className="article-meta__date">
        <span className="sr-only">
          {labels.published}
          {marks.colon}
        </span>
        <time dateTime={article.date}>{article.date}</time>
      </span>
    </p>
  );
}

// The link to a page's twin in the other edition (issue #35), named in that edition's language
// and marked as such for screen readers. Visitors choose; nothing redirects them.
import type { SiteInfo } from '../content/schema';
import { languageTags } from '../content/language';
import type { Alternate } from '../seo/head';

/** The page's twin in the other edition, or undefined where it has none. */
export function twinOf(alternates: readonly Alternate[], language: string): Alternate | undefined {
  return alternates.find((entry) => entry.language !== 'x-default' && entry.language !== language);
}

export function LanguageSwitch({
  site,
  twin,
  className,
}: {
  site: SiteInfo;
  twin: Alternate | undefined;
  className: string;
}) {
  if (!twin || twin.language === 'x-default') return null;
  const tag = languageTags[twin.language].html;
  return (
    <a className={className} href={twin.path} hrefLang={tag} lang={tag}>
      {site.language_switch[twin.language]}
    </a>
  );
}

// The page header (spec section 2, Header). Static except for the menu, which is an island.
import { Phone } from 'lucide-react';
import { Island } from './island';
import { NewWindowNote } from '../components/new-window-note';
import type { Menu, SiteInfo } from '../content/schema';
import { usesAlternateHeader } from '../content/route-table';
import { headerNavLabels } from '../island-props/header-nav-labels';
import { resolveLink, useRuntime } from '../runtime/runtime';
import { type Language, editionPath } from '../content/language';
import type { Alternate } from '../seo/head';
import { LanguageSwitch } from './language-switch';

export function Header({
  site,
  menu,
  path,
  language,
  twin,
}: {
  site: SiteInfo;
  menu: Menu;
  path: string;
  language: Language;
  twin: Alternate | undefined;
}) {
  const runtime = useRuntime();
  const { header, hotline, brand, a11y } = site;
  const console = resolveLink(header.console_path, runtime);
  const alternate = usesAlternateHeader(path);
  return (
    <header className={`site-header${alternate ? ' site-header--light' : ''}`}>
      <div className="site-header__inner">
        <a className="brand" href={editionPath('/next/', language)} aria-label={brand.home_label}>
          <span className="brand__mark" aria-hidden="true">
            {brand.wordmark}
          </span>
          {/* The English edition's wordmark is the Latin name itself. */}
          {brand.wordmark_latin !== brand.wordmark ? (
            <span className="brand__latin" aria-hidden="true">
              {brand.wordmark_latin}
            </span>
          ) : null}
        </a>
        <Island
          name="header-nav"
          props={{
            entries: menu.entry,
            currentPath: path,
            labels: headerNavLabels(site),
          }}
        />
        <div className="header-actions">
          <LanguageSwitch site={site} twin={twin} className="header-actions__language" />
          <a className="header-actions__consult" href={header.consult_path}>
            {header.consult}
          </a>
          <a className="header-actions__hotline" href={`tel:${hotline.tel}`}>
            <Phone aria-hidden="true" size={16} />
            <span className="sr-only">{header.hotline_label}</span>
            {hotline.display}
          </a>
          <a
            className="button button--primary header-actions__console"
            href={console.href}
            target="_blank"
            rel="noopener"
          >
            {header.console}
            <NewWindowNote text={a11y.new_window} />
          </a>
        </div>
      </div>
    </header>
  );
}

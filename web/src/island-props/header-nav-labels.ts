// The header menu's words from site.toml, as the island takes them: one mapping for the header
// and the tests that render the menu.
import type { SiteInfo } from '../content/schema';
import type { HeaderNavProps } from '../islands/header-nav';

export function headerNavLabels({ header, a11y }: SiteInfo): HeaderNavProps['labels'] {
  return {
    nav: header.nav_label,
    hotTag: header.hot_tag,
    newWindow: a11y.new_window,
    customise: header.customise,
    customisePath: header.customise_path,
    submenu: header.submenu,
  };
}

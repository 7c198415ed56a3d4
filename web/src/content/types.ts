// The loaded content as pages and the shell receive it (built by load.ts).
import type { RouteSpec } from '../route-table';
import type {
  DevicePageContent,
  Footer,
  MarkdownPageContent,
  Menu,
  PageContent,
  SiteInfo,
} from './schema';

export interface LoadedPage {
  route: RouteSpec;
  content: PageContent | DevicePageContent | MarkdownPageContent;
  /** HTML of a Markdown page's body, rendered at build time. */
  bodyHtml?: string;
}

export interface Content {
  site: SiteInfo;
  menu: Menu;
  footer: Footer;
  pages: LoadedPage[];
}

// The loaded content as pages and the shell receive it (built by load.ts).
import type { RouteKind, RouteSpec } from './route-table';
import type { LoadedVenues } from './venues/types';
import type { Language } from './language';
import type {
  AboutPageContent,
  ArticleContent,
  BusinessPageContent,
  DemoPageContent,
  DevicePageContent,
  Footer,
  HardwarePageContent,
  HomePageContent,
  LeadsContent,
  MarkdownPageContent,
  Menu,
  NewsListPageContent,
  PageContent,
  SdkPageContent,
  ServicePageContent,
  SiteInfo,
  SolutionPageContent,
  ThanksPageContent,
} from './schema';

/** A picture ready to lay out: where the build serves it, its size and the widths it comes in. */
export interface LoadedImage {
  /** Address of the source file in the build, e.g. /next/assets/media/devices-1-3f2a1b4c.png. */
  url: string;
  alt: string;
  width: number;
  height: number;
  /** Widths the server renders it at, ascending (see image-file.ts); srcset picks from these. */
  widths: number[];
  quality: number;
}

export interface LoadedPage {
  route: RouteSpec;
  content: PageContent;
  /** Highlighted HTML of the page's code samples, keyed by their text (see highlight.ts). */
  highlighted?: Record<string, string>;
  /** Which page of the news list this is (news pages only), counting from 1. */
  listPage?: number;
  /** HTML of a Markdown page's body, rendered at build time. */
  bodyHtml?: string;
  heroImage?: LoadedImage;
}

/** A picture file the build must copy into dist/. */
export interface MediaFile {
  url: string;
  /** Absolute path of the file in content/. */
  source: string;
}

export interface Content {
  /** Which edition this is (issue #35): the Chinese pages, or their English twins. */
  language: Language;
  site: SiteInfo;
  menu: Menu;
  footer: Footer;
  /** content/leads.toml with {hotline} filled in. */
  leads: LeadsContent;
  pages: LoadedPage[];
  media: MediaFile[];
  /** content/venues/: the live demo's venues, checked, with their viewer data (issue #14). */
  venues: LoadedVenues;
}

/**
 * A guide screen's page (issue #14): made by the loader from a kiosk of content/venues and the
 * words of demo.toml's `kiosk_page`, not read from a file of its own.
 */
export interface KioskPageContent extends PageContent {
  /** The kiosk's feature id. */
  id: string;
  /** Its venue's id and level short name. */
  venue: string;
  level: string;
}

/** What the loader checked each kind of page against (schema.ts). */
export interface ContentByKind {
  home: HomePageContent;
  service: ServicePageContent;
  hardware: HardwarePageContent;
  device: DevicePageContent;
  solution: SolutionPageContent;
  news: NewsListPageContent;
  article: ArticleContent;
  about: AboutPageContent;
  business: BusinessPageContent;
  thanks: ThanksPageContent;
  sdk: SdkPageContent;
  demo: DemoPageContent;
  kiosk: KioskPageContent;
  document: MarkdownPageContent;
}

/** A page's content as its kind's schema shaped it, or undefined for a page of another kind. */
export function contentOf<K extends RouteKind>(
  page: LoadedPage,
  kind: K,
): ContentByKind[K] | undefined {
  return page.route.kind === kind ? (page.content as ContentByKind[K]) : undefined;
}

/** Every page of one kind with its typed content, in site order. */
export function pagesOf<K extends RouteKind>(
  pages: readonly LoadedPage[],
  kind: K,
): { page: LoadedPage; content: ContentByKind[K] }[] {
  return pages.flatMap((page) => {
    const content = contentOf(page, kind);
    return content ? [{ page, content }] : [];
  });
}

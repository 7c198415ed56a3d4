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

/** A picture ready to lay out: where the build serves it, its size and its srcset widths. */
export interface LoadedImage {
  /** Address of the source file in the build, e.g. /next/assets/media/devices-1-3f2a1b4c.png. */
  url: string;
  alt: string;
  width: number;
  height: number;
  /** Widths to offer in srcset, ascending (see image-file.ts). */
  widths: number[];
  quality: number;
}

export interface LoadedPage {
  route: RouteSpec;
  content: PageContent | DevicePageContent | MarkdownPageContent;
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
  site: SiteInfo;
  menu: Menu;
  footer: Footer;
  pages: LoadedPage[];
  media: MediaFile[];
}

/** The hardware content of a device page (the loader checked it with the device schema). */
export function devicePageContent(page: LoadedPage): DevicePageContent | undefined {
  return page.route.kind === 'device' ? (page.content as DevicePageContent) : undefined;
}

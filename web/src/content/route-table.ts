// The spec's route table (section 2, summarised in docs/spec.md): which pages exist and which
// content file holds each one's words. Content files outside this table, or pages missing a file,
// fail the build. No React here: the content loader and the server manifest both read it.

export const basePath = '/next/';

export const serviceSlugs = [
  'map',
  'locate',
  'route',
  'nav',
  'search',
  'track',
  'fance',
  'editors',
  'nav_h5',
  'fence4',
  'guidScreen',
  'findcar',
  'parkingLock',
  'nursingRoom',
  'bigdata',
  'passenger',
] as const;

export const solutionSlugs = [
  'businessProposal',
  'businessPark',
  'sanitariumCases',
  'childAndNursingCases',
  'exhibition',
  'government',
  'industry',
  'factory',
  'transportation',
  'park',
  'scenic',
] as const;

/** Device ids 1 to 10 (spec section 2). */
export const deviceIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export type RouteKind =
  | 'home'
  | 'service'
  | 'hardware'
  | 'device'
  | 'solution'
  | 'news'
  | 'article'
  | 'about'
  | 'business'
  | 'thanks'
  | 'sdk'
  | 'demo'
  | 'kiosk'
  | 'document';

export interface RouteSpec {
  /** Request path, e.g. `/next/map`. */
  path: string;
  kind: RouteKind;
  /** Content file, relative to content/. */
  source: string;
}

export const routeTable: readonly RouteSpec[] = [
  { path: basePath, kind: 'home', source: 'pages/home.toml' },
  ...serviceSlugs.map((slug): RouteSpec => ({
    path: `/next/${slug}`,
    kind: 'service',
    source: `pages/${slug}.toml`,
  })),
  { path: '/next/device', kind: 'hardware', source: 'pages/hardware.toml' },
  ...deviceIds.map((id): RouteSpec => ({
    path: `/next/device/${id}`,
    kind: 'device',
    source: `devices/${id}.toml`,
  })),
  ...solutionSlugs.map((slug): RouteSpec => ({
    path: `/next/solution/${slug}`,
    kind: 'solution',
    source: `solutions/${slug}.toml`,
  })),
  { path: '/next/notice', kind: 'news', source: 'pages/notice.toml' },
  { path: '/next/about', kind: 'about', source: 'pages/about.toml' },
  { path: '/next/business', kind: 'business', source: 'pages/business.toml' },
  // Where the enquiry form sends visitors once it is stored (issue #6); not indexed.
  { path: '/next/business/thanks', kind: 'thanks', source: 'pages/business-thanks.toml' },
  { path: '/next/cums/HarmonyNext', kind: 'sdk', source: 'pages/cums/HarmonyNext.toml' },
  // The live demo (issue #14); its guide-screen pages come from content/venues.
  { path: '/next/demo', kind: 'demo', source: 'pages/demo.toml' },
  { path: '/next/privacy', kind: 'document', source: 'pages/privacy.md' },
];

/** News articles live in content/news/<slug>.md and are served at /next/notice/<slug>. */
export const newsDir = 'news';
export const articlePath = (slug: string) => `/next/notice/${slug}`;
/** Later pages of the news list; the first page is /next/notice itself. */
export const newsListPath = (page: number) =>
  page === 1 ? '/next/notice' : `/next/notice/page/${page}`;

/** A guide screen of the live demo (issue #14): one page per kiosk of content/venues. */
export const kioskPath = (kioskId: string) => `/next/demo/kiosk/${kioskId}`;

/** Paths that show the header's alternate (light) style (spec section 2, Header). */
export function usesAlternateHeader(path: string): boolean {
  return (
    path === '/next/notice' || path.startsWith('/next/notice/') || path === '/next/cums/HarmonyNext'
  );
}

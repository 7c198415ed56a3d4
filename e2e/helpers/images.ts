// What every raster image on a page must be (issue #3): served through /_next/image at one of the
// spec's widths from a content picture, with a srcset, alt text and dimensions; the page's lead
// picture (in the hero, or an article's picture just below its heading) eager with high
// priority, every other one lazy. Read from the page as the browser has it.
import type { Page } from 'playwright-core';

const allowedWidths = [
  16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840,
];

interface ImageFacts {
  src: string;
  srcset: string;
  alt: string | null;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  lead: boolean;
}

/** A srcset's candidates as [address, descriptor] pairs. */
function srcsetCandidates(srcset: string): string[][] {
  return srcset.split(',').map((entry) => entry.trim().split(/\s+/));
}

/** The width an /_next/image address asks for. */
function requestedWidth(url: URL): number {
  return Number(url.searchParams.get('w'));
}

function imageUrlProblems(url: string, base: string): string[] {
  const parsed = new URL(url, base);
  if (parsed.pathname !== '/_next/image') return [`${url} does not go through /_next/image`];
  const width = requestedWidth(parsed);
  const problems = [];
  if (!allowedWidths.includes(width)) problems.push(`${url}: width ${width} is not a spec width`);
  if (!parsed.searchParams.get('url')?.startsWith('/next/assets/media/')) {
    problems.push(`${url}: source is not a content picture`);
  }
  return problems;
}

/** The page's images against the rules above: its problems, and how many raster images it has. */
export async function imageProblems(
  page: Page,
  path: string,
): Promise<{ problems: string[]; rasters: number }> {
  const images = await page.$$eval('img', (elements) =>
    elements.map((img): ImageFacts => ({
      src: img.getAttribute('src') ?? '',
      srcset: img.getAttribute('srcset') ?? '',
      alt: img.getAttribute('alt'),
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      fetchPriority: img.getAttribute('fetchpriority'),
      lead: img.closest('.hero') !== null || img.classList.contains('article-figure__image'),
    })),
  );
  const base = page.url();
  const problems: string[] = [];
  let rasters = 0;
  for (const image of images) {
    const where = `${path} <img src="${image.src.slice(0, 60)}">`;
    if (!image.alt?.trim()) problems.push(`${where}: no alt text`);
    if (image.src.endsWith('.svg') || image.src.includes('.svg?')) continue;
    rasters += 1;
    if (!image.width || !image.height) problems.push(`${where}: no width/height`);
    problems.push(...imageUrlProblems(image.src, base));
    const candidates = srcsetCandidates(image.srcset);
    if (candidates.length < 2) problems.push(`${where}: no srcset`);
    for (const [url, descriptor] of candidates) {
      problems.push(...imageUrlProblems(url ?? '', base));
      if (!descriptor?.endsWith('w')) problems.push(`${where}: srcset entry without width`);
    }
    const expectedLoading = image.lead ? 'eager' : 'lazy';
    if (image.loading !== expectedLoading) {
      problems.push(`${where}: loading=${image.loading}, expected ${expectedLoading}`);
    }
    if (image.lead && image.fetchPriority !== 'high') {
      problems.push(`${where}: the lead picture needs fetchpriority=high`);
    }
  }
  return { problems, rasters };
}

const unusedPreload =
  /^warning: The resource (\S+) was preloaded using link preload but not used within a few seconds/;

/** A picture a page shows, loaded: the candidate the browser chose and its srcset. */
export interface ShownPicture {
  current: string;
  srcset: string;
}

/** The pictures the page shows, loaded. */
export function shownPictures(page: Page): Promise<ShownPicture[]> {
  return page.$$eval('img', (images) =>
    images
      .filter((img) => img.complete && img.naturalWidth > 0)
      .map((img) => ({ current: img.currentSrc, srcset: img.srcset })),
  );
}

/**
 * Whether a console message is Chromium's "preloaded but not used" warning for a picture the page
 * showed (`shown`, read by `shownPictures` before the tab moved on), loaded, from a candidate of
 * the same srcset at least as wide as the preloaded one. React preloads the lead picture (its
 * `fetchPriority="high"`), and Chromium then counts the preload as unused in two cases where the
 * page is right:
 * - the same address is already in the browser's memory cache (the English page after its
 *   Chinese twin), and Chromium hands the `<img>` the cached copy before the `<link>` claims it;
 * - a wider candidate of the same srcset is in the memory cache (the car-finding article shows
 *   the find-my-car picture at 860 px, its service page at 552 px), and Chromium shows that one
 *   rather than download the narrower one (CI failed on it on 2026-12-03; seen every time in a
 *   1440 px tab that opens the article, then `/next/en/findcar`).
 * A preload the page does not show, or shows narrower, stays a problem.
 */
export function isShownPreload(message: string, shown: ShownPicture[]): boolean {
  const widthOf = (url: string) => requestedWidth(new URL(url));
  const coveredBy = (preloaded: string, image: ShownPicture) => {
    const candidates = srcsetCandidates(image.srcset).map(
      ([url]) => new URL(url ?? '', preloaded).href,
    );
    return (
      candidates.includes(preloaded) &&
      candidates.includes(image.current) &&
      widthOf(image.current) >= widthOf(preloaded)
    );
  };
  const preloaded = unusedPreload.exec(message)?.[1];
  return preloaded !== undefined && shown.some((image) => coveredBy(preloaded, image));
}

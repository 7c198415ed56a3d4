// Cards for pages that link to other pages of the site (a device's solutions, a solution's
// hardware, the home page's lists): each card shows the linked page's own heading and summary,
// so a page's name is written once, in its own file.
import type { LinkCard } from '../components/cards';
import { type Content, pagesOf } from '../content/types';

export function solutionCards(content: Content, slugs: readonly string[]): LinkCard[] {
  const solutions = pagesOf(content.pages, 'solution');
  return slugs.flatMap((slug) => {
    const found = solutions.find(({ page }) => page.route.path === `/next/solution/${slug}`);
    return found
      ? [
          {
            title: found.content.hero.heading,
            text: found.content.summary,
            path: found.page.route.path,
          },
        ]
      : [];
  });
}

export function serviceCards(content: Content, slugs: readonly string[]): LinkCard[] {
  const services = pagesOf(content.pages, 'service');
  return slugs.flatMap((slug) => {
    const found = services.find(({ page }) => page.route.path === `/next/${slug}`);
    return found
      ? [
          {
            title: found.content.hero.heading,
            text: found.content.summary,
            path: found.page.route.path,
          },
        ]
      : [];
  });
}

/** Device cards with the product picture; the text is the first sentence of the hero intro. */
export function deviceCards(content: Content, ids: readonly number[]): LinkCard[] {
  const devices = pagesOf(content.pages, 'device');
  return ids.flatMap((id) => {
    const found = devices.find(({ page }) => page.route.path === `/next/device/${id}`);
    if (!found) return [];
    const intro = found.content.hero.intro;
    const firstSentence = intro.slice(0, intro.indexOf('。') + 1) || intro;
    return [
      {
        title: found.content.name,
        text: firstSentence,
        path: found.page.route.path,
        image: found.page.heroImage,
      },
    ];
  });
}

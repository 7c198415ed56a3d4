// Cards for pages that link to other pages of the site (a device's solutions, a solution's
// hardware, the home page's lists): each card shows the linked page's own heading and summary,
// so a page's name is written once, in its own file.
import type { LinkCard } from '../components/cards';
import { type Content, type LoadedPage, pagesOf } from '../content/types';
import { editionPath, punctuation } from '../content/language';

/** Cards for service or solution pages, in the order of `paths`, from their heading and summary. */
function summaryCards(
  pages: readonly { page: LoadedPage; content: { hero: { heading: string }; summary: string } }[],
  paths: readonly string[],
  withPicture: boolean,
): LinkCard[] {
  return paths.flatMap((path) => {
    const found = pages.find(({ page }) => page.route.path === path);
    if (!found) return [];
    const card: LinkCard = {
      title: found.content.hero.heading,
      text: found.content.summary,
      path,
    };
    return [withPicture ? { ...card, image: found.page.heroImage } : card];
  });
}

/** Solution cards show the scenario picture: a buyer recognises their own kind of venue. */
export function solutionCards(content: Content, slugs: readonly string[]): LinkCard[] {
  const paths = slugs.map((slug) => editionPath(`/next/solution/${slug}`, content.language));
  return summaryCards(pagesOf(content.pages, 'solution'), paths, true);
}

export function serviceCards(content: Content, slugs: readonly string[]): LinkCard[] {
  const paths = slugs.map((slug) => editionPath(`/next/${slug}`, content.language));
  return summaryCards(pagesOf(content.pages, 'service'), paths, false);
}

/** Device cards with the product picture; the text is the first sentence of the hero intro. */
export function deviceCards(content: Content, ids: readonly number[]): LinkCard[] {
  const devices = pagesOf(content.pages, 'device');
  return ids.flatMap((id) => {
    const path = editionPath(`/next/device/${id}`, content.language);
    const found = devices.find(({ page }) => page.route.path === path);
    if (!found) return [];
    const intro = found.content.hero.intro;
    const end = punctuation[content.language].sentenceEnd;
    const at = `${intro} `.indexOf(end);
    const firstSentence = at < 0 ? intro : intro.slice(0, at + end.trimEnd().length);
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

// The API answers in the language a request asks for (issue #35): its messages, and the words of
// what it computes. A page asks in its own language (`<html lang>`), whatever the browser's
// languages are, so the English pages' demo speaks English in a Chinese browser too.

import { type Language, punctuation } from '../content/language';

const pageLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang);

/** The locale dates and times are written in on the page: its language, else Chinese's. */
export function pageLocale(): string {
  return pageLanguage() || 'zh-CN';
}

/** The page's edition: English for `<html lang="en">`, else Chinese, the site's first. */
export function pageEdition(): Language {
  return /^en\b/i.test(pageLanguage()) ? 'en' : 'zh';
}

/** The page's punctuation where the code joins words: a list, clauses, an aside. */
export function pagePunctuation(): (typeof punctuation)[Language] {
  return punctuation[pageEdition()];
}

/** `headers` with the page's language as Accept-Language (none outside a page). */
export function withPageLanguage(headers: Record<string, string>): Record<string, string> {
  const language = pageLanguage();
  return language ? { ...headers, 'Accept-Language': language } : headers;
}

/**
 * `&lang=<the page's language>` for an address the browser fetches itself (a picture, which
 * carries no header of ours and would otherwise be answered in the browser's language).
 */
export function pageLanguageParam(): string {
  const language = pageLanguage();
  return language ? `&lang=${encodeURIComponent(language)}` : '';
}

// The API answers in the language a request asks for (issue #35): its messages, and the words of
// what it computes. A page asks in its own language (`<html lang>`), whatever the browser's
// languages are, so the English pages' demo speaks English in a Chinese browser too.

const pageLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang);

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

// The API answers in the language a request asks for (issue #35): its messages, and the words of
// what it computes. A page asks in its own language (`<html lang>`), whatever the browser's
// languages are, so the English pages' demo speaks English in a Chinese browser too.

/** `headers` with the page's language as Accept-Language (none outside a page). */
export function withPageLanguage(headers: Record<string, string>): Record<string, string> {
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return language ? { ...headers, 'Accept-Language': language } : headers;
}

// The edition a page belongs to (issue #35), for components that join words with punctuation or
// build an address from a slug: given once around the page (entry-server.tsx).
import { createContext, useContext } from 'react';
import { type Language, editionPath, punctuation } from '../content/language';

const EditionContext = createContext<Language>('zh');

export const EditionProvider = EditionContext.Provider;

/** The page's punctuation and the address of a Chinese page in the page's edition. */
export function useEdition() {
  const language = useContext(EditionContext);
  return {
    language,
    marks: punctuation[language],
    path: (chinese: string) => editionPath(chinese, language),
  };
}

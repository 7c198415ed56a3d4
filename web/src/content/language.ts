// The site's editions (issue #35, docs/languages.md): the Chinese pages at /next/..., their
// English twins at /next/en/..., as a Next.js site with locale sub-paths under its base path
// would have them. Chinese is the default edition: the one for visitors of no language.
export const languages = ['zh', 'en'] as const;
export type Language = (typeof languages)[number];

/** How each edition names its language: the html element, hreflang links and Open Graph. */
export const languageTags: Record<Language, { html: string; hreflang: string; og: string }> = {
  zh: { html: 'zh-CN', hreflang: 'zh-Hans', og: 'zh_CN' },
  en: { html: 'en', hreflang: 'en', og: 'en_US' },
};

/** One `T` per edition, keyed by its language tag (`zh-Hans`, `en`), as dist/manifest.json has them. */
export function byLanguageTag<T>(make: (language: Language) => T): Record<string, T> {
  return Object.fromEntries(
    languages.map((language): [string, T] => [languageTags[language].hreflang, make(language)]),
  );
}

const base = '/next/';
const englishBase = '/next/en/';

/** The edition a page's address belongs to (server/src/negotiation/language.rs says the same). */
export function languageOfPath(path: string): Language {
  return path === englishBase.slice(0, -1) || path.startsWith(englishBase) ? 'en' : 'zh';
}

/** A Chinese page's address in an edition: `/next/map` is `/next/en/map` in English. */
export function editionPath(path: string, language: Language): string {
  if (language === 'zh' || !path.startsWith(base)) return path;
  return englishBase + path.slice(base.length);
}

/** The Chinese address of an edition's page: `/next/en/map` is `/next/map`. */
export function chinesePath(path: string): string {
  return path.startsWith(englishBase) ? base + path.slice(englishBase.length) : path;
}

/** Whether a content field holds an address: `path`, `href` and `<something>_path`. */
export const isLinkField = (key: string) =>
  key === 'path' || key === 'href' || key.endsWith('_path');

/**
 * Every internal address in an edition's content, written as the Chinese site's (`path`,
 * `href` and `*_path` fields, and links in rendered Markdown), moved to that edition's pages.
 */
export function localiseLinks<T>(value: T, language: Language, key = ''): T {
  if (language === 'zh') return value;
  if (typeof value === 'string') {
    if (isLinkField(key)) return editionPath(value, language) as T;
    if (key === 'bodyHtml') {
      return value.replace(/href="(\/next\/[^"]*)"/g, (_, path: string) => {
        return `href="${editionPath(path, language)}"`;
      }) as T;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => localiseLinks(item, language, key)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, localiseLinks(item, language, name)]),
    ) as T;
  }
  return value;
}

/** Each edition's punctuation where the code joins words from content: a label and its value, a
 * list, parts of a sentence, clauses, a sentence's end and an aside in brackets. */
export const punctuation: Record<
  Language,
  {
    colon: string;
    list: string;
    comma: string;
    clauses: string;
    sentenceEnd: string;
    open: string;
    close: string;
  }
> = {
  zh: {
    colon: '：',
    list: '、',
    comma: '，',
    clauses: '；',
    sentenceEnd: '。',
    open: '（',
    close: '）',
  },
  en: {
    colon: ': ',
    list: ', ',
    comma: ', ',
    clauses: '; ',
    sentenceEnd: '. ',
    open: ' (',
    close: ')',
  },
};

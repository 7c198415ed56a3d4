// Ids of page landmarks that the shell renders and islands move focus to.

/** The page's first focusable element; back-to-top puts focus here. */
export const topTargetId = 'top';

/** The main content; the skip link leads here. */
export const mainContentId = 'main';

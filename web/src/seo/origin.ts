// Absolute addresses in head tags and structured data (canonical, og:url, og:image) need the
// origin the visitor reached: the server fills this placeholder per site (China or international).
export const originPlaceholder = '%%SITE:origin%%';

/** `/next/map` -> `%%SITE:origin%%/next/map`. */
export const absolute = (path: string) => `${originPlaceholder}${path}`;

/** Filled by the server with the statistics loader script, or nothing when none is configured. */
export const analyticsPlaceholder = '%%SITE:analytics%%';

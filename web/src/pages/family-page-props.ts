import type { Content, ContentByKind, LoadedPage } from '../content/types';
import type { RouteKind } from '../content/route-table';

/**
 * What content-page.tsx gives a family's layout: the loaded page, its content under the family's
 * name (`device`, `service`, ...), and the whole site's content for the words and links pages
 * share.
 */
export type FamilyPageProps<K extends RouteKind> = { page: LoadedPage; content: Content } & {
  [P in K]: ContentByKind[K];
};

// The site's own content, loaded, for tests that render real content.
import { repoContentDir } from '../testing/repo-content-dir';
import type { Content } from './types';
import { loadContent } from './load';

let cached: Content | undefined;

/** content/ loaded and validated once per test file. */
export function repoContent(): Content {
  cached ??= loadContent(repoContentDir);
  return cached;
}

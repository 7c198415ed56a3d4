// The site's own content/ directory, for tests that render real content. Resolved from this
// file's directory rather than with `new URL`, which jsdom test environments replace.
import { join } from 'node:path';
import type { Content } from './types';
import { loadContent } from './load';

export const repoContentDir = join(import.meta.dirname, '../../../content');

let cached: Content | undefined;

/** content/ loaded and validated once per test file. */
export function repoContent(): Content {
  cached ??= loadContent(repoContentDir);
  return cached;
}

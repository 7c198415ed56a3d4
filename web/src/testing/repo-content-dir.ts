// The site's own content/ directory, for tests that read real content. Resolved from this file's
// directory rather than with `new URL`, which jsdom test environments replace. Here, below every
// folder of the site, so that a test of any folder can name it without importing the loader.
import { join } from 'node:path';

export const repoContentDir = join(import.meta.dirname, '../../../content');

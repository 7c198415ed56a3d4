// The steps of the web build, shared by scripts/build.mjs (once) and scripts/dev.mjs (again on
// every edit, each step only when the edit touches what it reads).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

// The prerender runs React's server renderer; its development build checks every element and
// takes about four times as long for the same HTML.
process.env.NODE_ENV ??= 'production';

export const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(webDir, '..');
const configFile = join(webDir, 'vite.config.ts');

/**
 * The four Vite builds (see vite.config.ts): the client bundle into `<distDir>/client`, the
 * first-frame script, the islands' server renderer and the prerender script into web/build. `extraInputs` adds
 * browser entries (editing mode's live-reload client).
 */
export async function buildBundles({ distDir, extraInputs = {} }) {
  for (const mode of ['browser', 'first-frame', 'islands-server', 'pages-server']) {
    const overrides =
      mode === 'browser'
        ? { build: { outDir: join(distDir, 'client'), rollupOptions: { input: extraInputs } } }
        : {};
    await build({ configFile, mode, logLevel: 'warn', ...overrides });
  }
}

/**
 * Loads the built renderer and prerender script. `fresh` re-imports them after a rebuild
 * (Node caches modules by URL).
 */
export async function loadPrerender({ fresh = false } = {}) {
  const load = (file) => {
    const url = pathToFileURL(join(webDir, file));
    if (fresh) url.search = `?t=${Date.now()}`;
    return import(url.href);
  };
  const { renderIsland } = await load('build/islands/render.js');
  const { prerender } = await load('build/pages/prerender.js');
  return (options) => prerender({ repoRoot, renderIsland, ...options });
}

/** How a failed build reads: content errors name the file and field, without a stack trace. */
export function describeBuildError(error) {
  return error?.name === 'ContentError' ? error.message : String(error?.stack ?? error);
}

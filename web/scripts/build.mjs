// The web build: the client bundle, the islands' server renderer and the prerender script
// (see vite.config.ts for why there are three), then the prerender, which writes every page
// and dist/manifest.json.
//   node scripts/build.mjs            (from web/, or `npm run build`)
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(webDir, '..');
const distDir = join(repoRoot, 'dist');
const contentDir = join(repoRoot, 'content');
const configFile = join(webDir, 'vite.config.ts');
const load = (file) => import(pathToFileURL(join(webDir, file)).href);

const started = Date.now();
rmSync(distDir, { recursive: true, force: true });
for (const mode of ['browser', 'islands-server', 'pages-server']) {
  await build({ configFile, mode, logLevel: 'warn' });
}
const { renderIsland } = await load('build/islands/render.js');
const { prerender } = await load('build/pages/prerender.js');
try {
  const manifest = await prerender({ contentDir, distDir, repoRoot, renderIsland });
  console.log(
    `web build: ${manifest.pages.length} pages x 3 variants, ${manifest.files.length} files -> dist/ in ${Date.now() - started} ms`,
  );
} catch (error) {
  // Content errors name the file and field; print them without a stack trace.
  console.error(error.name === 'ContentError' ? error.message : error);
  process.exit(1);
}

// The web build: the client bundle, the islands' server renderer and the prerender script
// (see vite.config.ts for why there are three), then the prerender, which writes every page
// and dist/manifest.json.
//   node scripts/build.mjs            (from web/, or `npm run build`)
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildBundles, describeBuildError, loadPrerender, repoRoot } from './build-steps.mjs';

const distDir = join(repoRoot, 'dist');
const contentDir = join(repoRoot, 'content');

const started = Date.now();
rmSync(distDir, { recursive: true, force: true });
await buildBundles({ distDir });
const prerender = await loadPrerender();
try {
  const manifest = await prerender({ contentDir, distDir });
  console.log(
    `web build: ${manifest.pages.length} pages x 3 variants, ${manifest.files.length} files -> dist/ in ${Date.now() - started} ms`,
  );
} catch (error) {
  console.error(describeBuildError(error));
  process.exit(1);
}

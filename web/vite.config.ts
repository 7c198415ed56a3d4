// Four builds share this file (run in order by scripts/build.mjs):
//   mode "browser"        the client bundle: islands + stylesheets, hashed into dist/client/assets
//   mode "first-frame"    the mobile demo page's script as one file with the viewer inside and its
//                         stylesheet, which the prerender writes into the page a hand-over address
//                         is answered with (issue #34, docs/live-demo.md) (build/first-frame)
//   mode "islands-server" the islands' server renderer, for the prerender (build/islands)
//   mode "pages-server"   the prerender script with every page, rendered by React (build/pages)
// The first two use the browser runtime: island components are written against React's API,
// and Preact runs them through preact/compat, at about a tenth of react-dom's weight. Islands
// are rendered and hydrated by that same runtime, so their markup always matches.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, type UserConfig, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** React's module names, answered by Preact. Also used by the islands' unit tests. */
export const browserRuntime: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

export type BuildMode = 'browser' | 'first-frame' | 'islands-server' | 'pages-server';

const builds: Record<BuildMode, UserConfig> = {
  browser: {
    resolve: { alias: browserRuntime },
    build: {
      outDir: '../dist/client',
      emptyOutDir: true,
      manifest: true,
      assetsDir: 'assets',
      target: 'es2022',
      // Small SVG icons stay in the stylesheet; nothing else is inlined.
      assetsInlineLimit: 2048,
      rollupOptions: {
        input: {
          'entry-client': 'src/entry-client.tsx',
          'entry-lead-form': 'src/entry-lead-form.tsx',
          'entry-admin': 'src/entry-admin.tsx',
          'entry-demo': 'src/entry-demo.tsx',
          site: 'src/styles/site.css',
          markdown: 'src/styles/markdown.css',
        },
      },
    },
  },
  // One file: a script inside the page cannot import the chunks of another build without a
  // second copy of the runtime, and each further file would be a round trip on a weak network.
  'first-frame': {
    resolve: { alias: browserRuntime },
    build: {
      outDir: 'build/first-frame',
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: true,
      target: 'es2022',
      assetsInlineLimit: 2048,
      cssCodeSplit: false,
      rollupOptions: {
        input: { 'first-frame': 'src/entry-demo.tsx' },
        output: { codeSplitting: false },
      },
    },
  },
  'islands-server': {
    resolve: { alias: browserRuntime },
    // Bundled whole, so that packages importing "react" (the icons) get Preact too.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/islands/render.tsx',
      outDir: 'build/islands',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
    },
  },
  'pages-server': {
    build: {
      ssr: 'scripts/prerender.ts',
      outDir: 'build/pages',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
    },
  },
};

export default defineConfig(({ mode }) => {
  const build = builds[mode as BuildMode];
  if (!build) {
    throw new Error(`unknown build mode "${mode}"; use one of ${Object.keys(builds).join(', ')}`);
  }
  return { root, base: '/next/', plugins: [react()], publicDir: 'public', ...build };
});

// Four builds share this file (run in order by scripts/build.mjs):
//   mode "browser"        the client bundle: islands + stylesheets, hashed into dist/client/assets
//   mode "first-frame"    the mobile demo page's script with the viewer inside and its stylesheet,
//                         which the prerender writes into the page a hand-over address is answered
//                         with, and the chunks that script loads later (issue #34,
//                         docs/live-demo.md, scripts/first-frame.ts) (build/first-frame)
//   mode "islands-server" the islands' server renderer, for the prerender (build/islands)
//   mode "pages-server"   the prerender script with every page, rendered by React (build/pages)
// The first two use the browser runtime: island components are written against React's API,
// and Preact runs them through preact/compat, at about a tenth of react-dom's weight. Islands
// are rendered and hydrated by that same runtime, so their markup always matches.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Alias, type UserConfig, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
/** The hand-over page's script: the first-frame build's input and the chunk group kept whole. */
const firstFrameEntry = 'src/entry-first-frame.tsx';

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

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** A chunk group's names: `name` for `entry` and every module it imports, however deep. */
function entryWithImports(entry: string, name: string) {
  const reachable = new WeakMap<ModuleGraph, Set<string>>();
  return (id: string, graph: ModuleGraph) => {
    let modules = reachable.get(graph);
    if (!modules) {
      const found = new Set<string>();
      const visit = (module: string) => {
        if (found.has(module)) return;
        found.add(module);
        for (const next of graph.getModuleInfo(module)?.importedIds ?? []) visit(next);
      };
      visit(entry);
      reachable.set(graph, (modules = found));
    }
    return modules.has(id) ? name : null;
  };
}

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
  // The entry is written into the page: a script of another build could not share its runtime,
  // and each further file before the first frame would be a round trip on a weak network. Only
  // what the page imports when a visitor opens it (the editor's and the planner's panels, the
  // upload form, hydrated after the first frame, and its drawing form) is split off;
  // scripts/first-frame.ts hands those chunks the inline entry's exports.
  'first-frame': {
    resolve: {
      alias: [
        ...browserRuntime,
        // The viewer inside the script (src/islands/viewer-code.ts).
        { find: /^\.\/viewer-code$/, replacement: `${root}src/islands/viewer-code.inline.ts` },
      ],
    },
    build: {
      outDir: 'build/first-frame',
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: true,
      target: 'es2022',
      assetsInlineLimit: 2048,
      cssCodeSplit: false,
      rollupOptions: {
        input: { 'first-frame': firstFrameEntry },
        // The entry's chunk holds every module it imports, however deep, so that the split-off
        // chunks import from it alone: left to itself, Rolldown put the modules both need (the
        // runtime) in a third chunk, which an inline script could only import over the network.
        preserveEntrySignatures: 'allow-extension',
        output: {
          codeSplitting: {
            groups: [
              {
                name: entryWithImports(`${root}${firstFrameEntry}`, 'first-frame'),
                debugName: 'first-frame',
              },
            ],
          },
        },
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

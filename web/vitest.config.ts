// Two test projects, one per runtime: content, scripts and page parts run with React as the
// prerender does; islands and the demo viewer (src/demo/) run with the browser runtime (Preact
// through preact/compat), as they do in the browser.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { browserRuntime } from './vite.config.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'pages',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}'],
          exclude: ['src/islands/**', 'src/island-props/**', 'src/demo/**'],
          environment: 'node',
          setupFiles: ['src/test-setup.ts'],
          // One module graph per worker rather than per file: importing the content loader,
          // React and the page parts again for every file was most of the suite's time. The
          // tests hold no module state (they pass in shuffled order).
          isolate: false,
          // Several copy the whole of content/ into a scratch directory and load it (about 0.2 s
          // each); scripts/test runs them beside the Rust compile, whose writes once stretched one
          // past the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // ESM entry points, as the browser bundle uses: a package's CommonJS build would
        // require("react") past the aliases.
        resolve: { alias: browserRuntime, conditions: ['module', 'browser', 'import', 'default'] },
        test: {
          name: 'islands',
          include: [
            'src/islands/**/*.test.{ts,tsx}',
            'src/island-props/**/*.test.{ts,tsx}',
            'src/demo/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['src/islands/test-setup.ts'],
          // One jsdom and one Preact per worker (the setup file cleans the document after each
          // test), as above: 70 -> 46 s for the whole suite on two cores.
          isolate: false,
          // Transformed by Vite, so packages that import "react" (icons, Testing Library) get
          // Preact too, and all share one Preact instance.
          server: { deps: { inline: true } },
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['helpers/server.ts'],
    // One Chromium at a time per run: two cores, which scripts/test shares between two runs
    // (each its own server) and the Rust tests.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

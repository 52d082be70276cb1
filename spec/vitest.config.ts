import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Bundling twice and starting Redocly take seconds on a loaded 2-core machine: a bound on a hang.
    hookTimeout: 60_000,
  },
});

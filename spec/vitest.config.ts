import { defineConfig } from 'vitest/config';

// Two tiers (the repository's convention): `unit` runs in the test's process and needs only the
// built package; `e2e` runs the CLIs (Redocly's bundle, Spectral, turbo).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 30_000,
          // Bundling twice and starting the CLIs take seconds on a loaded 2-core machine: a bound on a hang.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

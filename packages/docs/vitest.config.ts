import { defineConfig } from 'vitest/config';

// Two tiers (the repository's convention): `unit` runs in-process on the built workspace (no browser,
// mock, compiler or other process); `e2e` holds the rest and shares one Chromium per run.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/chromium-server.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});

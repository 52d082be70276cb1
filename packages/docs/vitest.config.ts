import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two tiers (the repository's convention): `unit` runs in-process on the built workspace (no browser,
// mock, compiler or other process); `e2e` holds the rest and shares one Chromium per run.
export default defineConfig({
  test: {
    // At least two files at once (vitest's default is one fewer than the cores: one on two): the e2e
    // files mostly wait on the browser and the compilers (one at a time on two cores, about 130 CPU
    // seconds in 5 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // Bounds on a hang, not speed goals: above a browser step's (STEP_BOUND_MS, test/support/docs.ts)
          // so that a step that hangs fails with its own message; a test or hook that needs more says so.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

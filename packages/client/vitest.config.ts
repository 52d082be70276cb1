import { defineConfig } from 'vitest/config';

// Two tiers: `unit` runs in-process against per-test fetch handlers and loopback fault servers of
// this process; `e2e` runs against Prism (one static and one dynamic mock per run, shared through
// provide/inject), the built entry points, child processes and the spec's Arazzo workflow.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 20_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});

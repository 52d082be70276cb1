import { defineConfig } from 'vitest/config';

// Two tiers: `unit` runs in-process (startMock's refusals, the build's cached operations); `e2e`
// runs against the mocks a global setup starts once per run (Prism in-process, one per mode and
// seed) and the CLI as a program.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // A CLI test starts a Node process that loads Prism's modules: seconds on a loaded machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});

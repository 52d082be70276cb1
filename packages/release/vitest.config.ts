import { defineConfig } from 'vitest/config';

// Two tiers: `unit` runs in-process (the version rule, the changelog entry); `e2e` runs the gate
// (oasdiff), checks the release folder `test:e2e` builds first and installs each artifact with its
// toolchain (Maven, cargo, pip, go, gem, composer) in fresh environments.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // The install tests run toolchains on two shared cores: one file at a time.
          fileParallelism: false,
          // Ceilings for whole toolchain runs, not performance assertions.
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});

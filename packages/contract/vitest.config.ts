import { defineConfig } from 'vitest/config';

// Two projects (the repository's convention): `unit` runs in this process only (the proxy's tests
// use loopback servers of their own); `e2e` starts processes: the built CLI (signals, pipes), the
// proxy alone for its memory bound, oasdiff, git.
const shared = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // One worker process runs several files: each file's set-up costs ~0.5 s on this machine. No
  // test relies on module state another file leaves.
  isolate: false,
  // The memory tests collect garbage before each sample, so they measure what is retained.
  execArgv: ['--expose-gc'],
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          ...shared,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
        },
      },
    ],
  },
});

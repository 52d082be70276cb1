import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The memory test collects garbage before each sample, so it measures what is retained.
    execArgv: ['--expose-gc'],
    // One worker process runs several files: each file's set-up (spawn, environment) costs ~0.5 s on
    // this machine. No test relies on module state another file leaves.
    isolate: false,
  },
});

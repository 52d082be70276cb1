import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The memory test collects garbage before each sample, so it measures what is retained.
    execArgv: ['--expose-gc'],
  },
});

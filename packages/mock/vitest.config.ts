import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A CLI test starts a Node process that loads Prism's modules: seconds on a loaded machine.
    testTimeout: 30_000,
  },
});

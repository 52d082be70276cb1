import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One Prism mock (and one dynamic one) per test run, shared by every file through provide/inject.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
  },
});

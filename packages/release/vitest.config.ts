import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The install tests run toolchains (Maven, cargo, pip, go) on two shared cores: one file at a time.
    fileParallelism: false,
    // Ceilings for whole toolchain runs, not performance assertions.
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});

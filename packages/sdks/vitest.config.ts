import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The language drivers (JVM, Go, cargo, Python) and Prism share two cores: one file at a time.
    fileParallelism: false,
    // Ceilings for whole toolchain runs (Maven, go test), not performance assertions.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

// Two tiers (the repository's convention): `unit` runs in the test's process and needs only the
// built workspace; `e2e` runs the toolchains, the generated clients' drivers, Prism and schemathesis.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // The language drivers (JVM, Go, cargo, Python) and Prism share two cores: one file at a time.
          fileParallelism: false,
          // Ceilings for whole toolchain runs (Maven, go test), not performance assertions.
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

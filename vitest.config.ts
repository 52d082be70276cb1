import { defineConfig } from 'vitest/config';

// The repository-level checks (links, the README's CI job, the task graph): one project that runs
// once, at the root. Each package's own tests are in its folder, run by turbo.
export default defineConfig({
  test: {
    name: 'repository',
    include: ['test/**/*.test.ts'],
    // turbo plans the whole graph for each hash compared: seconds on a loaded machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A test file outside the two tiers would be run by neither: refuse to start instead.
const testDir = fileURLToPath(new URL('test', import.meta.url));
const stray = readdirSync(testDir, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.test\.[cm]?[jt]s$/.test(file) && !/^(unit|e2e)[\\/]/.test(file),
);
if (stray.length) {
  throw new Error(
    `test/${stray.join(', test/')}: outside test/unit/ and test/e2e/, so no project runs it. Move it to ` +
      'test/unit/ if it runs in-process, else to test/e2e/ (packages/docs/README.md, "Test").',
  );
}

// Two tiers (the repository's convention): `unit` runs in-process on the built workspace (no browser,
// mock, compiler or other process); `e2e` holds the rest and shares one Chromium per run.
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
          globalSetup: ['test/support/chromium-server.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});

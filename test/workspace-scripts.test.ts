// Every package's tests run from the root in two tiers, and each package is type-checked: a package
// without one of these scripts, or a test file outside the tiers' folders, would be skipped by
// `turbo run typecheck test:unit test:e2e` silently.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot, trackedFiles } from './support/repository.js';

/** Folders of the workspace's packages: tracked package.json files matched by pnpm-workspace.yaml. */
function packageDirs(): string[] {
  const workspace = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] };
  const manifests = trackedFiles()
    .filter((file) => file.endsWith('/package.json'))
    .map(dirname);
  return manifests.filter((dir) =>
    workspace.packages.some((pattern) =>
      pattern.endsWith('/*') ? dirname(dir) === pattern.slice(0, -2) : dir === pattern,
    ),
  );
}

describe('the workspace packages', () => {
  const dirs = packageDirs();

  it('are found (spec and every package under packages/)', () => {
    expect(dirs).toContain('spec');
    expect(dirs.length).toBeGreaterThanOrEqual(7);
  });

  it.each(dirs)('%s has typecheck, test:unit (vitest project unit), test:e2e (project e2e) and test', (dir) => {
    const { scripts = {} } = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
    expect(['typecheck', 'test:unit', 'test:e2e', 'test'].filter((name) => !scripts[name])).toEqual([]);
    expect(scripts['test:unit']).toMatch(/\bvitest run --project unit\b/);
    expect(scripts['test:e2e']).toMatch(/\bvitest run --project e2e\b/);
    // Type-checking is its own task, not the first step of the tests.
    expect(scripts.test).not.toMatch(/\btsc\b/);
  });

  it.each(dirs)('%s keeps every test file where its two projects look (test/unit/ or test/e2e/, *.test.ts)', (dir) => {
    const tests = trackedFiles().filter((file) => file.startsWith(`${dir}/`) && /\.test\.[cm]?[jt]sx?$/.test(file));
    const run = new RegExp(`^${dir}/test/(unit|e2e)/.+\\.test\\.ts$`);
    // Run by no project otherwise: move it to test/unit/ if it runs in-process, else to test/e2e/.
    expect(tests.filter((file) => !run.test(file))).toEqual([]);
  });
});

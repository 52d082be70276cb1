// Two builds at one timestamp (the commit's, or SOURCE_DATE_EPOCH) write byte-identical
// artifacts: a second build into another folder gives the same SHA256SUMS, and the first folder's
// files still match theirs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildRelease } from '../../src/build.mjs';
import { releaseContext } from '../../src/lib/context.mjs';
import { freshDir, releaseDir, removeTemps, requireRelease, sh } from '../support/release.js';

afterAll(removeTemps);

it('a second build at the same timestamp writes the same bytes, every file named in SHA256SUMS', async () => {
  requireRelease();
  const sums = readFileSync(join(releaseDir, 'SHA256SUMS'), 'utf8');
  const names = sums
    .trim()
    .split('\n')
    .map((line) => line.split('  ')[1]);
  const version = releaseContext().version;
  for (const kind of [
    'npm/chatplatform-client-',
    'python/chatplatform_client-',
    '.crate',
    '.gem',
    `@v/v${version}.zip`,
  ]) {
    expect(names.some((name) => name?.includes(kind))).toBe(true);
  }
  expect(
    names
      .filter((name) => /\.(tgz|whl|tar\.gz|jar|crate|gem|zip)$/.test(name ?? ''))
      .every((name) => name?.includes(version)),
  ).toBe(true);
  sh('sha256sum', ['--check', '--quiet', 'SHA256SUMS'], { cwd: releaseDir });

  // The registries' checks ran on the first build (the package's build, before this test); the
  // second writes the same files without running them again.
  // The first build's timestamp, as its Go module's .info carries it: turbo may have restored that
  // build from its cache, made at an earlier commit with the same inputs.
  const info = names.find((name) => name?.endsWith(`@v/v${version}.info`));
  expect(info, 'the Go module .info in SHA256SUMS').toBeDefined();
  const mtime = new Date(JSON.parse(readFileSync(join(releaseDir, info!), 'utf8')).Time);
  const second = freshDir('second-build');
  await buildRelease({ ...releaseContext(), epoch: mtime.getTime() / 1000, mtime, out: second }, { check: false });
  expect(readFileSync(join(second, 'SHA256SUMS'), 'utf8')).toBe(sums);
});

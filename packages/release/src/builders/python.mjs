// The Python client as PyPI takes it: a wheel and an sdist, built from a staged copy whose metadata
// names the code's license and the repository (the generator copies the spec's info instead).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { extractTarGz, writeTarGz } from '../lib/archive.mjs';
import { ensureDir, scratch } from '../lib/context.mjs';
import { releaseVenv } from '../lib/python.mjs';
import { run } from '../lib/run.mjs';
import { editFile, stageClient } from '../lib/stage.mjs';

/** @param {import('../lib/context.mjs').ReleaseContext} context */
export async function buildPython(context) {
  const python = releaseVenv();
  const work = scratch('python');
  try {
    const dir = stageClient('python', join(work.dir, 'chatplatform_client'), [
      'pyproject.toml',
      'README.md',
      'chatplatform_client',
    ]);
    editFile(join(dir, 'pyproject.toml'), [
      [/^license = .*$/m, `license = "${context.codeLicense}"\nlicense-files = ["LICENSE"]`],
      [/^authors = \[\n.*\n\]/m, `authors = [\n  {name = "${context.author}"},\n]`],
      [/^Repository = .*$/m, `Repository = "${context.repository}"`],
    ]);
    const out = ensureDir(join(context.out, 'python'));
    run(python, ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', out, dir], {
      env: { ...process.env, SOURCE_DATE_EPOCH: String(context.epoch) },
    });
    await repackSdist(out, work.dir, context);
    return readdirSync(out).map((name) => join(out, name));
  } finally {
    work.cleanup();
  }
}

/**
 * setuptools stamps the sdist with file times and a gzip time of now: packed again, fixed.
 * @param {string} out
 * @param {string} workDir
 * @param {import('../lib/context.mjs').ReleaseContext} context
 */
async function repackSdist(out, workDir, context) {
  const name = readdirSync(out).find((file) => file.endsWith('.tar.gz'));
  if (!name) throw new Error(`python -m build wrote no sdist into ${out}`);
  const unpacked = ensureDir(join(workDir, 'sdist'));
  await extractTarGz(join(out, name), unpacked);
  const [top] = readdirSync(unpacked);
  if (!top) throw new Error(`the sdist ${name} holds no top folder`);
  rmSync(join(out, name));
  await writeTarGz({ dir: join(unpacked, top), file: join(out, name), mtime: context.mtime, prefix: `${top}/` });
}

// The PHP client as a Composer package: a zip with composer.json (the code's license, the
// repository, a one-line description) and, since Packagist is not reachable everywhere, its own
// autoload.php, which loads the client's namespace PSR-4 as composer.json declares it (Guzzle
// comes from the system's or Composer's autoloader).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeZip } from '../lib/archive.mjs';
import { ensureDir, packageDir, scratch } from '../lib/context.mjs';
import { stageClient } from '../lib/stage.mjs';

/** @param {import('../lib/context.mjs').ReleaseContext} context */
export async function buildPhp(context) {
  const work = scratch('php');
  try {
    const dir = stageClient('php', join(work.dir, 'package'), ['composer.json', 'README.md', 'lib']);
    const composer = JSON.parse(readFileSync(join(dir, 'composer.json'), 'utf8'));
    if (composer.version !== context.version)
      throw new Error(`composer.json says ${composer.version}, the release is ${context.version}`);
    Object.assign(composer, {
      description: `PHP client of the ${context.spec.info.title}, generated from its OpenAPI description.`,
      homepage: context.repository,
      license: context.codeLicense,
      authors: [{ name: context.author, homepage: context.repository }],
      support: { source: context.repository },
    });
    delete composer['require-dev'];
    delete composer['autoload-dev'];
    writeFileSync(join(dir, 'composer.json'), `${JSON.stringify(composer, null, 4)}\n`);
    writeFileSync(join(dir, 'autoload.php'), readFileSync(join(packageDir, 'php', 'autoload.php')));
    const file = join(ensureDir(join(context.out, 'php')), `chatplatform-client-${context.version}.zip`);
    await writeZip({ dir, file, mtime: context.mtime });
    return file;
  } finally {
    work.cleanup();
  }
}

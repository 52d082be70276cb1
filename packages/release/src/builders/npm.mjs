// The four npm packages: packed by pnpm (workspace: ranges replaced), then stamped with the release's
// version and packed again with fixed metadata, so the tarball depends only on the commit.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractTarGz, writeTarGz } from '../lib/archive.mjs';
import { ensureDir, packageRoot, readJson, repoRoot, scratch } from '../lib/context.mjs';
import { run } from '../lib/run.mjs';

export const NPM_PACKAGES = [
  '@chatplatform/spec',
  '@chatplatform/client',
  '@chatplatform/contract',
  '@chatplatform/mock',
];

/**
 * `@chatplatform/mock` → `chatplatform-mock-3.0.0.tgz`, npm's own file name.
 * @type {(name: string, version: string) => string}
 */
export const tarballName = (name, version) => `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;

/**
 * Every @chatplatform dependency points at this release: the packages ship together.
 * @param {Record<string, any>} manifest a package.json
 * @param {string} version
 */
function stamp(manifest, version) {
  manifest.version = version;
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      if (name.startsWith('@chatplatform/')) manifest[field][name] = version;
    }
  }
  return manifest;
}

/**
 * @param {string} name
 * @param {import('../lib/context.mjs').ReleaseContext} context
 * @returns {Promise<PackedPackage>}
 */
async function packOne(name, context) {
  const work = scratch('npm');
  try {
    const dir = packageRoot(name);
    const packed = run('pnpm', ['pack', '--json', '--pack-destination', work.dir], { cwd: dir });
    const tarball = JSON.parse(packed.slice(packed.indexOf('{'))).filename;
    const unpacked = ensureDir(join(work.dir, 'unpacked'));
    await extractTarGz(tarball.startsWith('/') ? tarball : join(work.dir, tarball), unpacked);
    const manifestPath = join(unpacked, 'package', 'package.json');
    const manifest = stamp(readJson(manifestPath), context.version);
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    // The code's license (the root LICENSE) goes with every package but the spec's, which
    // carries the license the spec itself declares (spec/LICENSE).
    copyFileSync(join(name === '@chatplatform/spec' ? dir : repoRoot, 'LICENSE'), join(unpacked, 'package', 'LICENSE'));
    const file = join(ensureDir(join(context.out, 'npm')), tarballName(name, context.version));
    await writeTarGz({ dir: join(unpacked, 'package'), file, mtime: context.mtime, prefix: 'package/' });
    return { name, file, manifest, readme: readFileSync(join(unpacked, 'package', 'README.md'), 'utf8') };
  } finally {
    work.cleanup();
  }
}

/**
 * @typedef {{ name: string, file: string, manifest: Record<string, any>, readme: string }} PackedPackage
 */

/**
 * Packs the four packages into `<release>/npm/`.
 * @param {import('../lib/context.mjs').ReleaseContext} context
 */
export async function buildNpm(context) {
  /** @type {PackedPackage[]} */
  const packed = [];
  for (const name of NPM_PACKAGES) packed.push(await packOne(name, context));
  return packed;
}

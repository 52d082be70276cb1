// Every bundle @chatplatform/spec publishes (each export that points into its dist/: the combined
// bundle, one per address, the OpenAPI 3.0 companions) and the rendered docs page, as one offline
// archive. The documents keep the license the spec declares (LICENSE in the archive says which).
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTarGz } from '../lib/archive.mjs';
import { ensureDir, packageDir, packageRoot, readJson, scratch } from '../lib/context.mjs';

/**
 * The spec's published bundles: `[export subpath, file]` for every export into dist/.
 * @returns {Array<[name: string, file: string]>}
 */
export function publishedBundles() {
  const manifest = readJson(join(packageRoot('@chatplatform/spec'), 'package.json'));
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'string' && target.startsWith('./dist/'))
    .map(
      ([subpath, target]) =>
        /** @type {[string, string]} */ ([
          target.slice('./dist/'.length),
          fileURLToPath(import.meta.resolve(`@chatplatform/spec/${subpath.slice(2)}`)),
        ]),
    )
    .sort(([a], [b]) => a.localeCompare(b));
}

function docsDist() {
  const require = createRequire(join(packageDir, 'package.json'));
  const dist = join(dirname(require.resolve('@chatplatform/docs/package.json')), 'dist');
  if (!existsSync(dist) || readdirSync(dist).length === 0) {
    throw new Error(`the docs page is not built (${dist}): run \`pnpm build\``);
  }
  return dist;
}

/** @type {(version: string) => string} */
export const bundleArchiveName = (version) => `chatplatform-api-${version}-spec-and-docs.tar.gz`;

/** @param {import('../lib/context.mjs').ReleaseContext} context */
export async function buildBundleArchive(context) {
  const work = scratch('bundles');
  try {
    const top = `chatplatform-api-${context.version}`;
    const root = ensureDir(join(work.dir, top));
    for (const [name, file] of publishedBundles()) {
      ensureDir(dirname(join(root, 'spec', name)));
      cpSync(file, join(root, 'spec', name));
    }
    cpSync(docsDist(), join(root, 'docs'), { recursive: true });
    const license = context.spec.info.license ?? {};
    writeFileSync(
      join(root, 'LICENSE'),
      `The OpenAPI documents under spec/ and the reference under docs/ describe the ${context.spec.info.title} ${context.version}.\n` +
        `They are licensed as the spec's info.license declares: ${license.name ?? 'not stated'}` +
        `${license.identifier ? ` (${license.identifier})` : ''}${license.url ? `, ${license.url}` : ''}.\n`,
    );
    const file = join(ensureDir(join(context.out, 'spec')), bundleArchiveName(context.version));
    await writeTarGz({ dir: root, file, mtime: context.mtime, prefix: `${top}/` });
    return file;
  } finally {
    work.cleanup();
  }
}

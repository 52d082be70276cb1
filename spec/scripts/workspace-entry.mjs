// The built ESM entry of a workspace package that depends on the spec (the mock, the client). The
// spec cannot declare those packages as dependencies (a package cycle, which turbo refuses), so
// `pnpm start` and the docs tests load them from their built files; turbo.json orders the builds.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {string} packageDir relative to the repository root, e.g. 'packages/mock'
 * @param {'import' | 'types'} condition the ES module itself, or its declarations
 * @returns {string} absolute path of the built file
 */
export function builtEntry(packageDir, condition) {
  const dir = join(repoRoot, packageDir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const root = manifest.exports?.['.'];
  const esm = root?.import ?? root;
  const relative = condition === 'types' ? esm?.types : esm?.default;
  if (!relative) throw new Error(`${manifest.name} (${packageDir}) has no exports["."] ${condition} entry.`);
  const file = join(dir, relative);
  if (!existsSync(file)) {
    throw new Error(`${manifest.name} is not built (${file} is missing): run \`pnpm build\` at the repository root.`);
  }
  return file;
}

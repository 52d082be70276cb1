// What every artifact builder shares: the version, the repository's metadata, the output folder and
// the one timestamp every archive carries.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBundledSpec } from '@chatplatform/spec';

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The release folder: every artifact of one version (gitignored, replaced on each build). */
export const releaseDir = join(packageDir, 'dist');
export const repoRoot = execFileSync('git', ['rev-parse', '--show-toplevel'], {
  cwd: packageDir,
  encoding: 'utf8',
}).trim();

const require = createRequire(join(packageDir, 'package.json'));

/**
 * The directory of a workspace package, found from its entry the way Node resolves it.
 * @param {string} name
 * @returns {string}
 */
export function packageRoot(name) {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json')) || readJson(join(dir, 'package.json')).name !== name) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package.json of ${name}`);
    dir = parent;
  }
  return dir;
}

/** @type {(path: string) => any} a parsed JSON file; its shape is the caller's to check */
export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

/**
 * @typedef {object} ReleaseContext
 * @property {string} version the spec's `info.version`
 * @property {import('@chatplatform/spec').JsonObject & { info: SpecInfo }} spec the bundled spec
 * @property {number} epoch seconds since 1970, the commit's
 * @property {Date} mtime `epoch` as the time every archive entry carries
 * @property {string} repository the repository's URL, without `git+` and `.git`
 * @property {string} author
 * @property {string} codeLicense the code's SPDX identifier
 * @property {string | undefined} specLicense the spec's SPDX identifier (or name)
 * @property {string} out the release folder
 */

/**
 * The part of the spec's `info` the artifacts name.
 * @typedef {{ version?: unknown, title: string, license?: { identifier?: string, name?: string, url?: string } }} SpecInfo
 */

/**
 * The release's shared facts. The timestamp is the commit's (SOURCE_DATE_EPOCH when set), so two
 * builds of one commit write the same bytes.
 * @returns {ReleaseContext}
 */
export function releaseContext() {
  const spec = readBundledSpec();
  const info = /** @type {SpecInfo} */ (spec.info);
  if (typeof info?.title !== 'string') throw new Error('the bundled spec has no info.title: the artifacts name it');
  const root = readJson(join(repoRoot, 'package.json'));
  const epoch = Number(
    process.env.SOURCE_DATE_EPOCH ??
      execFileSync('git', ['log', '-1', '--format=%ct'], { cwd: repoRoot, encoding: 'utf8' }).trim(),
  );
  if (!Number.isInteger(epoch) || epoch <= 0)
    throw new Error(`SOURCE_DATE_EPOCH must be seconds since 1970, got ${epoch}`);
  if (!root.repository?.url) throw new Error('the root package.json has no repository.url: the artifacts name it');
  return {
    version: String(info.version),
    spec: { ...spec, info },
    epoch,
    mtime: new Date(epoch * 1000),
    repository: root.repository.url.replace(/^git\+/, '').replace(/\.git$/, ''),
    author: root.author ?? 'Platform API team',
    codeLicense: root.license,
    specLicense: info.license?.identifier ?? info.license?.name,
    out: releaseDir,
  };
}

/**
 * A fresh scratch directory for one builder; removed by `cleanup`.
 * @param {string} name
 */
export function scratch(name) {
  const dir = mkdtempSync(join(tmpdir(), `release-${name}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * @param {string} path
 * @returns {string} `path`, created with its parents
 */
export function ensureDir(path) {
  mkdirSync(path, { recursive: true });
  return path;
}

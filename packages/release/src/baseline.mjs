// The last release: the newest released bundle committed under spec/releases/ (it travels with
// every checkout), else the newest spec-v* tag's released file. None: this is the first release.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { packageRoot, repoRoot } from './lib/context.mjs';

export const RELEASED_FILE = /^openapi-(\d+\.\d+\.\d+)\.yaml$/;
export const releasesDir = () => join(packageRoot('@chatplatform/spec'), 'releases');
/** @type {(version: string) => string} */
export const releasedFileName = (version) => `openapi-${version}.yaml`;
/** @type {(version: string) => string} */
export const tagName = (version) => `spec-v${version}`;

/** @type {(...args: string[]) => string} */
const git = (...args) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * Released versions with their files, newest first.
 * @returns {Array<{ version: string, file: string }>}
 */
export function releasedFiles(dir = releasesDir()) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => RELEASED_FILE.exec(name))
    .filter((match) => match !== null)
    .map(([name, version]) => ({ version: String(version), file: join(dir, name) }))
    .sort((a, b) => semver.rcompare(a.version, b.version));
}

/** Released versions by their tags, newest first. */
export function releaseTags() {
  return git('tag', '--list', 'spec-v*')
    .split('\n')
    .map((tag) => tag.slice('spec-v'.length))
    .filter((version) => semver.valid(version))
    .sort(semver.rcompare);
}

/**
 * @param {string} scratchDir where a tag's released file is written out
 * @returns {{ version: string, file: string, source: string } | undefined}
 */
export function lastRelease(scratchDir) {
  const [file] = releasedFiles();
  const [tagged] = releaseTags();
  if (file && (!tagged || semver.gte(file.version, tagged))) {
    return { ...file, source: `the released file spec/releases/${releasedFileName(file.version)}` };
  }
  if (!tagged) return undefined;
  const path = join(scratchDir, releasedFileName(tagged));
  try {
    writeFileSync(path, git('show', `${tagName(tagged)}:spec/releases/${releasedFileName(tagged)}`));
  } catch {
    throw new Error(
      `the tag ${tagName(tagged)} is newer than every file in spec/releases/, and holds no spec/releases/${releasedFileName(tagged)}: ` +
        'commit the bundle released under that tag there, then run the release again',
    );
  }
  return { version: tagged, file: path, source: `the tag ${tagName(tagged)}` };
}

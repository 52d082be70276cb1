// `pnpm release`: the version checked by the gate against the last release, the released bundle
// committed under spec/releases/, the dated CHANGELOG.md entry, the commit and the local tag
// spec-v<version>, then every artifact built from that commit. Nothing is pushed or published.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkBreaking, findOasdiff } from '@chatplatform/contract';
import { bundledSpecPath } from '@chatplatform/spec';
import { lastRelease, releasedFileName, releasesDir, tagName } from './baseline.mjs';
import { buildRelease } from './build.mjs';
import { changelogEntry, parseChangelog, withEntry } from './changelog.mjs';
import { ensureDir, releaseContext, repoRoot, scratch } from './lib/context.mjs';
import { checkVersion } from './version.mjs';

/** @type {(...args: string[]) => string} */
const git = (...args) =>
  execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * Every change oasdiff sees between two documents, INFO included (`oasdiff changelog`).
 * @param {string} baseFile
 * @param {string} revisionFile
 * @returns {OasdiffChange[]}
 */
export function allChanges(baseFile, revisionFile) {
  const result = spawnSync(
    findOasdiff(),
    ['changelog', baseFile, revisionFile, '--format', 'json', '--flatten-allof'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`oasdiff changelog failed (exit ${result.status}): ${result.stderr.trim()}`);
  const parsed = JSON.parse(result.stdout.trim() || 'null');
  if (!Array.isArray(parsed)) throw new Error('oasdiff changelog printed no list of changes');
  return parsed;
}

/**
 * @typedef {{ id: string, level: number, text: string, operation?: string, path?: string, section?: string }} OasdiffChange
 */

/**
 * What the gate says about this version: the baseline, the changes, and a refusal when it does not fit.
 * @param {import('./lib/context.mjs').ReleaseContext} context
 * @param {string} scratchDir
 */
export function decide(context, scratchDir) {
  const base = lastRelease(scratchDir);
  if (!base) return { base: undefined, changes: [], breaking: [] };
  if (base.version === context.version) {
    throw new Error(
      `${context.version} is already released (${base.source}): raise info.version in spec/openapi.yaml for the next release`,
    );
  }
  const gate = checkBreaking({ base: base.file });
  const changes = allChanges(base.file, bundledSpecPath('yaml'));
  checkVersion(base, context.version, gate, changes);
  return { base, changes, breaking: gate.breaking };
}

/** @param {string} version */
function requireCleanTree(version) {
  const status = git('status', '--porcelain');
  if (status) throw new Error(`the worktree has uncommitted changes; commit or stash them first:\n${status}`);
  if (git('tag', '--list', tagName(version))) throw new Error(`the tag ${tagName(version)} exists already`);
}

/** @param {{ date?: string }} options */
export async function release(options = {}) {
  const context = releaseContext();
  requireCleanTree(context.version);
  const work = scratch('decide');
  let decision;
  try {
    decision = decide(context, work.dir);
  } finally {
    work.cleanup();
  }
  const changelogPath = join(repoRoot, 'CHANGELOG.md');
  const text = readFileSync(changelogPath, 'utf8');
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const entry = changelogEntry({
    version: context.version,
    date,
    spec: context.spec,
    ...decision,
    notes: parseChangelog(text).notes,
  });
  writeFileSync(changelogPath, withEntry(text, entry));
  const released = join(ensureDir(releasesDir()), releasedFileName(context.version));
  copyFileSync(bundledSpecPath('yaml'), released);
  git('add', '--', relative(repoRoot, changelogPath), relative(repoRoot, released));
  git('commit', '--quiet', '-m', `release: spec ${context.version}`, '-m', entry);
  git('tag', tagName(context.version));
  console.log(
    `Released ${context.version}: committed ${relative(repoRoot, released)} and CHANGELOG.md, tagged ${tagName(context.version)} (not pushed).`,
  );
  try {
    await buildRelease(releaseContext());
  } catch (error) {
    git('tag', '-d', tagName(context.version));
    git('reset', '--quiet', '--keep', 'HEAD~1');
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nThe release commit and tag were undone; fix the cause and run \`pnpm release\` again.`,
    );
  }
  return context.version;
}

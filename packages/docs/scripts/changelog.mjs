#!/usr/bin/env node
// The changelog page of the spec's releases (dist/changelog.html), written from the breaking-change
// reports of @chatplatform/contract between consecutive release tags, and from the last tag to the
// working tree ("Unreleased"). A release is a git tag `spec-v<major>.<minor>.<patch>` on the commit
// whose spec carries that info.version. A clone without such tags still builds: the page says that
// no release is tagged yet and shows Unreleased against the first commit.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBreaking } from '@chatplatform/contract';
import { operationsOf } from '@chatplatform/spec';
import { parse } from 'yaml';

export const TAG_PATTERN = /^spec-v(\d+)\.(\d+)\.(\d+)$/;

/**
 * @typedef {(...args: string[]) => string} Git runs git in one directory, returning its output trimmed
 * @typedef {import('@chatplatform/contract').Finding} Change
 * @typedef {Record<string, string[]>} Notes a heading of CHANGELOG.md (lower case) -> its lines
 * @typedef {{ summary?: string, deprecated: boolean }} OperationFacts
 * @typedef {object} Entry one release of the changelog page, or Unreleased
 * @property {string} title its tag, or `Unreleased`
 * @property {string} [date]
 * @property {string} [since] what it is compared with
 * @property {string} version the spec's info.version
 * @property {boolean} [first] the first tagged release: compared with nothing
 * @property {Change[]} breaking what breaks existing clients
 * @property {Change[]} changed those of `breaking` that are not a removed operation
 * @property {'pass' | 'fail'} verdict
 * @property {string} [reason]
 * @property {string[]} added operations, as `METHOD /path (summary)`
 * @property {string[]} [removed]
 * @property {string[]} [deprecated]
 * @property {Notes} [notes] the maintainers' notes for the version
 * @typedef {{ tagged: boolean, releases: Entry[], unreleased: Entry }} Changelog newest first
 */

/** @param {string} cwd @returns {Git} */
const gitIn =
  (cwd) =>
  (...args) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * The release tags, oldest first; a spec-v* tag of another shape is refused with how to fix it.
 * @param {Git} git
 */
export function releaseTags(git) {
  const tags = git('tag', '--list', 'spec-v*', '--sort=v:refname').split('\n').filter(Boolean);
  const odd = tags.filter((tag) => !TAG_PATTERN.test(tag));
  if (odd.length) {
    throw new Error(
      `release tags are spec-v<major>.<minor>.<patch> (e.g. spec-v3.0.0); ${odd.join(', ')} is not: delete or rename it (git tag -d ${odd[0]}).`,
    );
  }
  return tags;
}

function redoclyBin() {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@redocly/cli/package.json');
  const { bin } = require(manifest);
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.redocly);
}

/**
 * The spec bundled as it was at `ref` (its sources and redocly.yaml at that ref); returns the file.
 * @param {{ git: Git, ref: string, specDir: string, temp: string }} where
 */
export function bundleAt({ git, ref, specDir, temp }) {
  const top = git('rev-parse', '--show-toplevel');
  const specPath = relative(top, specDir) || '.';
  const into = mkdtempSync(join(temp, 'ref-'));
  const archive = spawnSync('git', ['archive', '--format=tar', ref, '--', specPath], { cwd: top, maxBuffer: 1 << 28 });
  if (archive.status !== 0) throw new Error(`${ref}: ${specPath}/ is not in it (${archive.stderr.toString().trim()})`);
  const untar = spawnSync('tar', ['-x', '-C', into], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`${ref}: could not unpack ${specPath}/: ${untar.stderr.toString().trim()}`);
  const output = join(into, 'bundle.yaml');
  const bundled = spawnSync(process.execPath, [redoclyBin(), 'bundle', 'openapi.yaml', '--output', output], {
    cwd: join(into, specPath),
    encoding: 'utf8',
  });
  if (bundled.status !== 0 || !existsSync(output)) {
    throw new Error(`${ref}: redocly could not bundle ${specPath}/openapi.yaml:\n${bundled.stderr || bundled.stdout}`);
  }
  return output;
}

/** @param {string} file a bundle @returns {string} */
const versionOf = (file) => parse(readFileSync(file, 'utf8')).info.version;

/**
 * Each operation of a bundle as `METHOD /path`, with its summary and whether it is deprecated.
 * @param {string} file a bundle
 * @returns {Map<string, OperationFacts>}
 */
function operationFacts(file) {
  /** @type {import('@redocly/openapi-core').Oas3_1Definition} */
  const spec = parse(readFileSync(file, 'utf8'));
  // A bundle's path items are inline.
  return new Map(
    operationsOf(spec).map(({ path, method, operation }) => [
      `${method.toUpperCase()} ${path}`,
      { summary: operation.summary, deprecated: !!operation.deprecated },
    ]),
  );
}

/** @param {string} key @param {OperationFacts} op */
const named = (key, op) => (op.summary ? `${key} (${op.summary})` : key);

/**
 * What a reader of the release wants: the operations added, deprecated and removed since `base`.
 * @param {string | undefined} base a bundle; none for the first release
 * @param {string} revision a bundle
 */
function operationChanges(base, revision) {
  /** @type {Map<string, OperationFacts>} */
  const before = base ? operationFacts(base) : new Map();
  const after = operationFacts(revision);
  const added = [...after].filter(([key]) => !before.has(key)).map(([key, op]) => named(key, op));
  const removed = [...before].filter(([key]) => !after.has(key)).map(([key, op]) => named(key, op));
  const deprecated = [...after]
    .filter(([key, op]) => op.deprecated && !before.get(key)?.deprecated && before.has(key))
    .map(([key, op]) => named(key, op));
  return { added, removed, deprecated, removedKeys: [...before.keys()].filter((key) => !after.has(key)) };
}

/**
 * One entry: what changed for clients from `base` to `revision` (both bundle files).
 * @param {{ title: string, date?: string, since: string, base: string, revision: string }} range
 * @returns {Entry}
 */
function entry({ title, date, since, base, revision }) {
  const result = checkBreaking({ base, revision });
  const { breaking, verdict, reason } = result;
  const { removedKeys, ...lists } = operationChanges(base, revision);
  // A removed operation is listed under Removed; the gate's other findings are what changed.
  const changed = breaking.filter((change) => !removedKeys.includes(change.where));
  return { title, date, since, version: versionOf(revision), breaking, verdict, reason, ...lists, changed };
}

/**
 * The maintainers' notes for `version` in the repository's CHANGELOG.md (`## <version> — <date>`,
 * then `### Added`, `### Changed`, `### Deprecated`, `### Removed`, `### Upgrading`), if it has them.
 * @param {string} changelogText
 * @param {string} version
 * @returns {Notes | undefined}
 */
export function notesFor(changelogText, version) {
  const escaped = version.replace(/\./g, '\\.');
  const start = changelogText.search(new RegExp(`^## \\[?${escaped}\\]?(\\s|$)`, 'm'));
  if (start < 0) return undefined;
  const rest = changelogText.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  /** @type {Notes} */
  const notes = {};
  /** @type {string | undefined} */
  let heading;
  for (const line of end < 0 ? rest : rest.slice(0, end)) {
    const sub = /^### (.+)$/.exec(line);
    if (sub) heading = (sub[1] ?? '').trim().toLowerCase();
    else if (heading && line.trim()) {
      notes[heading] ??= [];
      notes[heading].push(line);
    }
  }
  return notes;
}

/**
 * @param {{ cwd: string, specDir: string, workingBundle: string }} options where git runs, the spec's
 *   sources inside that repository, and the working tree's bundle
 * @returns {Changelog}
 */
export function buildChangelog({ cwd, specDir, workingBundle }) {
  const git = gitIn(cwd);
  const tags = releaseTags(git);
  const notesFile = join(git('rev-parse', '--show-toplevel'), 'CHANGELOG.md');
  const notesText = existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '';
  const temp = mkdtempSync(join(tmpdir(), 'docs-changelog-'));
  try {
    const bundles = tags.map((tag) => bundleAt({ git, ref: tag, specDir, temp }));
    const releases = tags.map((tag, i) => {
      const bundle = /** @type {string} one per tag */ (bundles[i]);
      // The release's date is the tag's (an annotated tag's own date, else its commit's).
      const date = git('for-each-ref', '--format=%(creatordate:short)', `refs/tags/${tag}`);
      const version = versionOf(bundle);
      if (`spec-v${version}` !== tag) {
        throw new Error(
          `${tag} is on a commit whose spec says info.version ${version}: tag the commit that carries ${tag.slice(6)}.`,
        );
      }
      const notes = notesFor(notesText, version);
      if (i === 0) {
        const { added } = operationChanges(undefined, bundle);
        /** @type {Entry} */
        const first = {
          title: tag,
          date,
          version,
          first: true,
          breaking: [],
          changed: [],
          added,
          verdict: 'pass',
          notes,
        };
        return first;
      }
      const since = /** @type {string} */ (tags[i - 1]);
      return {
        ...entry({ title: tag, date, since, base: /** @type {string} */ (bundles[i - 1]), revision: bundle }),
        notes,
      };
    });
    // Without a tag, Unreleased is compared with the first commit.
    const first = tags.length ? '' : firstCommit(git);
    const unreleased = entry({
      title: 'Unreleased',
      since: tags.at(-1) ?? `the first commit (${first.slice(0, 12)})`,
      base: bundles.at(-1) ?? bundleAt({ git, ref: first, specDir, temp }),
      revision: workingBundle,
    });
    return { tagged: tags.length > 0, releases: releases.reverse(), unreleased };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** @param {Git} git @returns {string} */
function firstCommit(git) {
  const roots = git('rev-list', '--max-parents=0', 'HEAD').split('\n').filter(Boolean);
  if (!roots.length) throw new Error('no spec-v* tag and no commit to compare the working tree with.');
  return /** @type {string} */ (roots.at(-1));
}

/** `node scripts/changelog.mjs`: dist/changelog.html for this repository (scripts/build-docs.mjs runs it). */
async function main() {
  const { bundledSpecPath } = await import('@chatplatform/spec');
  const { changelogHtml } = await import('./changelog-page.mjs');
  const require = createRequire(import.meta.url);
  const specDir = dirname(require.resolve('@chatplatform/spec/package.json'));
  const workingBundle = bundledSpecPath('yaml');
  const changelog = buildChangelog({ cwd: specDir, specDir, workingBundle });
  const title = parse(readFileSync(workingBundle, 'utf8')).info.title;
  const out = fileURLToPath(new URL('../dist/changelog.html', import.meta.url));
  writeFileSync(out, changelogHtml({ title, changelog }));
  const count = changelog.releases.length;
  console.log(`changelog: ${out} (${count ? `${count} release(s)` : 'no release tagged yet'}, plus Unreleased)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`changelog: ${error.message}`);
    process.exit(1);
  });
}

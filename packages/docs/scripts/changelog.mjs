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
import { HTTP_METHODS } from '@chatplatform/spec';
import { parse } from 'yaml';

export const TAG_PATTERN = /^spec-v(\d+)\.(\d+)\.(\d+)$/;

const gitIn =
  (cwd) =>
  (...args) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The release tags, oldest first; a spec-v* tag of another shape is refused with how to fix it. */
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

/** The spec bundled as it was at `ref` (its sources and redocly.yaml at that ref); returns the file. */
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

const versionOf = (file) => parse(readFileSync(file, 'utf8')).info.version;

/** Each operation of a bundle as `METHOD /path`, with its summary and whether it is deprecated. */
function operationsOf(file) {
  const spec = parse(readFileSync(file, 'utf8'));
  const operations = new Map();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item?.[method];
      if (op) operations.set(`${method.toUpperCase()} ${path}`, { summary: op.summary, deprecated: !!op.deprecated });
    }
  }
  return operations;
}

const named = (key, op) => (op.summary ? `${key} (${op.summary})` : key);

/** What a reader of the release wants: the operations added, deprecated and removed since `base`. */
function operationChanges(base, revision) {
  const before = base ? operationsOf(base) : new Map();
  const after = operationsOf(revision);
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
 */
export function notesFor(changelogText, version) {
  const escaped = version.replace(/\./g, '\\.');
  const start = changelogText.search(new RegExp(`^## \\[?${escaped}\\]?(\\s|$)`, 'm'));
  if (start < 0) return undefined;
  const rest = changelogText.slice(start).split('\n').slice(1);
  const end = rest.findIndex((line) => line.startsWith('## '));
  const notes = {};
  let heading;
  for (const line of end < 0 ? rest : rest.slice(0, end)) {
    const sub = /^### (.+)$/.exec(line);
    if (sub) heading = sub[1].trim().toLowerCase();
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
 * @returns {{ tagged: boolean, releases: object[], unreleased: object }} newest first
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
      // The release's date is the tag's (an annotated tag's own date, else its commit's).
      const date = git('for-each-ref', '--format=%(creatordate:short)', `refs/tags/${tag}`);
      const version = versionOf(bundles[i]);
      if (`spec-v${version}` !== tag) {
        throw new Error(
          `${tag} is on a commit whose spec says info.version ${version}: tag the commit that carries ${tag.slice(6)}.`,
        );
      }
      const notes = notesFor(notesText, version);
      if (i === 0) {
        const { added } = operationChanges(undefined, bundles[i]);
        return { title: tag, date, version, first: true, breaking: [], changed: [], added, verdict: 'pass', notes };
      }
      const since = tags[i - 1];
      return { ...entry({ title: tag, date, since, base: bundles[i - 1], revision: bundles[i] }), notes };
    });
    const first = tags.length ? undefined : firstCommit(git);
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

function firstCommit(git) {
  const roots = git('rev-list', '--max-parents=0', 'HEAD').split('\n').filter(Boolean);
  if (!roots.length) throw new Error('no spec-v* tag and no commit to compare the working tree with.');
  return roots.at(-1);
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

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { bundleSources, newestRelease } from '@chatplatform/spec';
import { BaselineError } from '../errors.js';
import { LAST_RELEASE } from './versioning.js';

/**
 * The baseline `--base` names, as an OpenAPI file: the file itself; for {@link LAST_RELEASE} the
 * newest released bundle, else the newest `spec-v*` tag, else the first commit; a git ref's spec
 * sources (`specDir` at that commit) bundled into `temp`.
 */
export function resolveBaseline(
  base: string,
  cwd: string,
  specDir: string,
  temp: string,
): { path: string; label: string } {
  if (base !== LAST_RELEASE && existsSync(base) && statSync(base).isFile()) return { path: base, label: base };
  // The newest bundle `pnpm release` committed: it travels with every checkout, shallow clones and
  // forks included, where tags may not.
  const released = base === LAST_RELEASE ? newestRelease(specDir) : undefined;
  if (released) return { path: released.path, label: `last release ${relative(dirname(specDir), released.path)}` };
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  let top: string;
  try {
    top = git('rev-parse', '--show-toplevel');
  } catch {
    throw new BaselineError(
      `--base ${base} is neither a file nor usable as a git ref: ${cwd} is not inside a git repository`,
    );
  }
  const release = base === LAST_RELEASE ? lastRelease(git) : undefined;
  const ref = release?.ref ?? base;
  let commit: string;
  try {
    commit = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    const shallow = isShallow(git);
    throw new BaselineError(
      `--base ${ref}: no such file, and no such git ref in this clone` +
        (shallow
          ? ' (the clone is shallow: fetch the history and tags, e.g. `git fetch --tags --unshallow`, or checkout with fetch-depth: 0)'
          : ' (fetch it first, e.g. `git fetch --tags`)'),
    );
  }
  const specPath = relative(top, specDir) || '.';
  const archive = spawnSync('git', ['archive', '--format=tar', commit, '--', specPath], {
    cwd: top,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (archive.status !== 0)
    throw new BaselineError(
      `--base ${ref}: ${specPath}/ does not exist at that ref (${archive.stderr.toString().trim()})`,
    );
  const untar = spawnSync('tar', ['-x', '-C', temp], { input: archive.stdout });
  if (untar.status !== 0)
    throw new BaselineError(`could not unpack ${specPath}/ at ${ref}: ${untar.stderr.toString().trim()}`);
  const root = join(temp, specPath);
  if (!existsSync(join(root, 'openapi.yaml')))
    throw new BaselineError(`--base ${ref}: ${specPath}/openapi.yaml does not exist at that ref`);
  const output = join(temp, 'baseline.yaml');
  try {
    bundleSources(root, output);
  } catch (error) {
    throw new BaselineError(`--base ${ref}: the spec at that ref: ${(error as Error).message}`);
  }
  const name = release?.name ?? ref;
  return {
    path: output,
    label: name.startsWith(commit.slice(0, 12)) ? commit.slice(0, 12) : `${name} (${commit.slice(0, 12)})`,
  };
}

/** Newest tag matching spec-v* by version order; else the repository's first commit. */
function lastRelease(git: (...args: string[]) => string): { ref: string; name: string } {
  const tags =
    safe(() => git('tag', '--list', 'spec-v*', '--sort=-v:refname'))
      ?.split('\n')
      .filter(Boolean) ?? [];
  if (tags[0]) return { ref: tags[0], name: `last release ${tags[0]}` };
  if (isShallow(git)) {
    throw new BaselineError(
      'no spec-v* tag, and the clone is shallow so its first commit is unknown: fetch the history and tags (git fetch --tags --unshallow, or checkout with fetch-depth: 0)',
    );
  }
  const roots = git('rev-list', '--max-parents=0', 'HEAD').split('\n').filter(Boolean);
  const first = roots[roots.length - 1];
  if (!first) throw new BaselineError('no spec-v* tag and no commit to compare with');
  return { ref: first, name: 'first commit, no spec-v* tag yet' };
}

/** A shallow clone lacks the history and tags a baseline may need. */
function isShallow(git: (...args: string[]) => string): boolean {
  return safe(() => git('rev-parse', '--is-shallow-repository')) === 'true';
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

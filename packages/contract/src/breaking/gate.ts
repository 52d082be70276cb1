import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { bundleSources, SPEC_DIR } from '@chatplatform/spec';
import { bundledSpecPath, loadSpec, type OpenApiDocument } from '../read/spec-document.js';
import { assertBundleFresh } from './bundle-freshness.js';
import { type Finding, rateOasdiff } from './findings.js';
import { findOasdiff, oasdiffBreaking, oasdiffRelease } from './oasdiff.js';
import { bodyChanges, schemaNameChanges, withOperationParameters } from './schemas.js';
import { type SecurityChange, securityChanges } from './security.js';
import { serverChanges } from './servers.js';
import {
  highestMajor,
  LAST_RELEASE,
  pendingMoves,
  readVersions,
  type VersionInfo,
  type VersionMove,
} from './versioning.js';

export type { Finding, Rating } from './findings.js';
export { LAST_RELEASE };
/** A finding rated breaking. */
export type BreakingChange = Finding;

/** A spec to compare cannot be read: exit 2, like unreadable input. */
export class SpecInputError extends Error {}

/** The baseline cannot be found or built: exit 2, like unreadable input. */
export class BaselineError extends SpecInputError {}

export interface BreakingOptions {
  /** A file (OpenAPI YAML/JSON), a git ref, or {@link LAST_RELEASE}. */
  base: string;
  /** The revised spec; default: the bundled spec (spec/dist/openapi.yaml), refused when older than its sources. */
  revision?: string;
  /** Where to run git; default: `specDir`. */
  cwd?: string;
  /** The spec's sources inside the git repository, bundled at a ref; default: the spec package's directory. */
  specDir?: string;
}

export interface BreakingResult {
  base: { label: string; version: string };
  revision: { label: string; version: string };
  /** What breaks an existing client: counted. */
  breaking: Finding[];
  /** Reported, not counted: changes generated code sees (`generated-code`) and findings rated `not-breaking`, each with why. */
  notBreaking: Finding[];
  /** The oasdiff release that compared (the pinned one), or why it could not be read. */
  oasdiff: string;
  /** Where the major version still has to move before the revision may pass; empty on a pass. */
  moves: VersionMove[];
  verdict: 'pass' | 'fail';
  reason: string;
}

/**
 * Compares the spec with a baseline (oasdiff, plus this package's own security comparison) and
 * applies the reference's versioning rule: a breaking change passes only as a new major version,
 * moved in info.version and in every server's `/vN` together.
 */
export function checkBreaking(options: BreakingOptions): BreakingResult {
  const specDir = options.specDir ?? SPEC_DIR;
  if (options.revision !== undefined && !existsSync(options.revision)) {
    throw new SpecInputError(
      `the revision ${options.revision} does not exist: name an OpenAPI file, or leave --revision out to compare the bundled spec`,
    );
  }
  const revision = options.revision ?? freshBundle();
  const oasdiff = findOasdiff();
  const temp = mkdtempSync(join(tmpdir(), 'contract-breaking-'));
  try {
    const { path: basePath, label } = resolveBaseline(options.base, options.cwd ?? specDir, specDir, temp);
    const baseDoc = readSpec(basePath, BaselineError);
    const revisionDoc = readSpec(revision, SpecInputError);
    const release = oasdiffRelease(oasdiff);
    const { breaking, notBreaking } = compareSpecs(baseDoc, revisionDoc, oasdiff, temp);
    const base = readVersions(baseDoc);
    const revised = readVersions(revisionDoc);
    return {
      base: { label, version: base.version },
      revision: { label: options.revision ?? 'the bundled spec', version: revised.version },
      breaking,
      notBreaking,
      oasdiff: release,
      ...versionVerdict(base, revised, breaking.length),
    };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Every change between two documents, each rated by what it does to an existing client: the
 * servers (the URL a client builds), authentication, request and response bodies, schema names,
 * and oasdiff's findings (one run, on copies in `workDir` with path-level parameters moved into
 * the operations).
 */
export function compareSpecs(
  base: OpenApiDocument,
  revision: OpenApiDocument,
  oasdiff: string,
  workDir: string,
): Pick<BreakingResult, 'breaking' | 'notBreaking'> {
  const basePath = join(workDir, 'base.json');
  const revisionPath = join(workDir, 'revision.json');
  writeFileSync(basePath, JSON.stringify(withOperationParameters(base)));
  writeFileSync(revisionPath, JSON.stringify(withOperationParameters(revision)));
  const findings: Finding[] = [
    ...serverChanges(base, revision),
    ...securityChanges(base, revision).map(fromSecurity),
    ...bodyChanges(base, revision),
    ...oasdiffBreaking(oasdiff, basePath, revisionPath, workDir).map(rateOasdiff),
    ...schemaNameChanges(base, revision),
  ];
  return {
    breaking: findings.filter((f) => f.rating === 'breaking'),
    notBreaking: findings.filter((f) => f.rating !== 'breaking'),
  };
}

/** The bundled spec, refused when a source of the spec package is newer than it. */
function freshBundle(): string {
  const bundle = bundledSpecPath('yaml');
  assertBundleFresh(bundle);
  return bundle;
}

function readSpec(path: string, Fault: new (message: string) => Error): OpenApiDocument {
  try {
    return loadSpec(path);
  } catch (error) {
    throw new Fault((error as Error).message);
  }
}

/** The versioning rule: what passes, and what has to move when it does not. */
function versionVerdict(
  base: VersionInfo,
  revision: VersionInfo,
  count: number,
): Pick<BreakingResult, 'moves' | 'verdict' | 'reason'> {
  if (base.major === undefined)
    throw new BaselineError(`the baseline's info.version "${base.version}" has no major version number`);
  const highest = highestMajor(revision) ?? base.major;
  if (count === 0) {
    const moves = pendingMoves(base, revision, highest);
    if (moves.length === 0) return { moves, verdict: 'pass', reason: 'no breaking change' };
    return {
      moves,
      verdict: 'fail',
      reason: `no breaking change, but the major version moved only partly: move the places below to v${highest} too, or move the others back`,
    };
  }
  const target = Math.max(base.major + 1, highest);
  const moves = pendingMoves(base, revision, target);
  if (moves.length === 0)
    return {
      moves,
      verdict: 'pass',
      reason: `${count} breaking change(s), released as the new major version v${target}`,
    };
  return {
    moves,
    verdict: 'fail',
    reason:
      `${count} breaking change(s) since v${base.major}: release them as v${target}, with the major version moved in ` +
      `info.version and every server's /vN together (still to move: below), keeping v${base.major} available during ` +
      'its deprecation period; or undo the changes',
  };
}

function fromSecurity({ rating, ...change }: SecurityChange): Finding {
  return { ...change, rating: rating ?? 'breaking', checkedBy: 'contract' };
}

function resolveBaseline(base: string, cwd: string, specDir: string, temp: string): { path: string; label: string } {
  if (base !== LAST_RELEASE && existsSync(base) && statSync(base).isFile()) return { path: base, label: base };
  const released = base === LAST_RELEASE ? newestReleasedFile(specDir) : undefined;
  if (released) return released;
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

/**
 * The newest bundle `pnpm release` committed as `<spec>/releases/openapi-<version>.yaml`: it travels
 * with every checkout, shallow clones and forks included, where tags may not.
 */
function newestReleasedFile(specDir: string): { path: string; label: string } | undefined {
  const dir = join(specDir, 'releases');
  if (!existsSync(dir)) return undefined;
  const versionOf = (name: string) => /^openapi-(\d+)\.(\d+)\.(\d+)\.yaml$/.exec(name)?.slice(1).map(Number);
  const [newest] = readdirSync(dir)
    .filter((name) => versionOf(name))
    .sort((a, b) => {
      const [x, y] = [versionOf(a) ?? [], versionOf(b) ?? []];
      return (y[0] ?? 0) - (x[0] ?? 0) || (y[1] ?? 0) - (x[1] ?? 0) || (y[2] ?? 0) - (x[2] ?? 0);
    });
  return newest
    ? { path: join(dir, newest), label: `last release ${relative(dirname(specDir), join(dir, newest))}` }
    : undefined;
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

const LABELS: Record<Finding['rating'], string> = {
  breaking: 'BREAKING',
  'generated-code': 'GENERATED-CODE',
  'not-breaking': 'NOT-BREAKING',
};

export function formatBreakingText(result: BreakingResult): string {
  const lines = [
    `Breaking-change check: ${result.base.label} [${result.base.version}] → ${result.revision.label} [${result.revision.version}]`,
    `  oasdiff ${result.oasdiff}`,
  ];
  for (const change of [...result.breaking, ...result.notBreaking]) {
    const level = change.oasdiffLevel ? `, oasdiff ${change.oasdiffLevel}` : '';
    lines.push(
      `  ${LABELS[change.rating]} ${change.where}: ${change.text} [${change.id}${level}]`,
      `      why: ${change.why}`,
    );
  }
  lines.push(`${result.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${result.reason}.`);
  for (const move of result.moves) lines.push(`  move ${move.where}: ${move.from} → ${move.to}`);
  return `${lines.join('\n')}\n`;
}

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { findOasdiff, type OasdiffChange, oasdiffBreaking } from './oasdiff.js';
import { bundledSpecPath, isObject, specPackageDir } from './spec-document.js';

/** `--base` value that means "the last release of the spec": newest `spec-v*` tag, else the first commit. */
export const LAST_RELEASE = '@last-release';

/** The baseline cannot be found or built: exit 2, like unreadable input. */
export class BaselineError extends Error {}

export interface BreakingOptions {
  /** A file (OpenAPI YAML/JSON), a git ref, or {@link LAST_RELEASE}. */
  base: string;
  /** The revised spec; default: the bundled spec (spec/dist/openapi.yaml). */
  revision?: string;
  /** Where to run git; default: the spec package's directory. */
  cwd?: string;
}

export interface BreakingResult {
  base: { label: string; version: string; majors: number[] };
  revision: { label: string; version: string; majors: number[] };
  changes: OasdiffChange[];
  breaking: OasdiffChange[];
  /** The revision starts a new major version (info.version major or a server's /vN). */
  newMajor: boolean;
  verdict: 'pass' | 'fail';
  reason: string;
}

/**
 * Compares the spec with a baseline using oasdiff and applies the reference's versioning rule:
 * a breaking change inside the same major version fails; a new major version passes, with a report.
 */
export function checkBreaking(options: BreakingOptions): BreakingResult {
  const revision = options.revision ?? bundledSpecPath('yaml');
  if (!existsSync(revision)) throw new BaselineError(`the revised spec ${revision} does not exist: run pnpm build first`);
  const oasdiff = findOasdiff();
  const specDir = specPackageDir();
  const cwd = options.cwd ?? specDir;
  const temp = mkdtempSync(join(tmpdir(), 'contract-breaking-'));
  try {
    const { path: basePath, label } = resolveBaseline(options.base, cwd, specDir, temp);
    const { changes, failed } = oasdiffBreaking(oasdiff, basePath, revision);
    const breaking = changes.filter((c) => c.level >= 3);
    const base = versionInfo(basePath, label);
    const rev = versionInfo(revision, options.revision ?? 'the bundled spec');
    const baseMajor = Math.max(...base.majors);
    const revisionMajor = Math.max(...rev.majors);
    const newMajor = revisionMajor > baseMajor;
    const hasBreaking = failed || breaking.length > 0;
    let verdict: 'pass' | 'fail' = 'pass';
    let reason: string;
    if (!hasBreaking) reason = 'no breaking change';
    else if (newMajor) reason = `${breaking.length} breaking change(s), allowed: the revision is a new major version (v${revisionMajor})`;
    else {
      verdict = 'fail';
      reason =
        `${breaking.length} breaking change(s) inside v${baseMajor}: release them as a new major version ` +
        `(info.version ${baseMajor + 1}.0.0 and server base path /v${baseMajor + 1}), keeping v${baseMajor} during its deprecation period`;
    }
    return { base, revision: rev, changes, breaking, newMajor, verdict, reason };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function resolveBaseline(base: string, cwd: string, specDir: string, temp: string): { path: string; label: string } {
  if (base !== LAST_RELEASE && existsSync(base) && statSync(base).isFile()) return { path: base, label: base };
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  let top: string;
  try {
    top = git('rev-parse', '--show-toplevel');
  } catch {
    throw new BaselineError(`--base ${base} is neither a file nor usable as a git ref: ${cwd} is not inside a git repository`);
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
        (shallow ? ' (the clone is shallow: fetch the history and tags, e.g. `git fetch --tags --unshallow`, or checkout with fetch-depth: 0)' : ' (fetch it first, e.g. `git fetch --tags`)'),
    );
  }
  const specPath = relative(top, specDir) || '.';
  const archive = spawnSync('git', ['archive', '--format=tar', commit, '--', specPath], { cwd: top, maxBuffer: 256 * 1024 * 1024 });
  if (archive.status !== 0) throw new BaselineError(`--base ${ref}: ${specPath}/ does not exist at that ref (${archive.stderr.toString().trim()})`);
  const untar = spawnSync('tar', ['-x', '-C', temp], { input: archive.stdout });
  if (untar.status !== 0) throw new BaselineError(`could not unpack ${specPath}/ at ${ref}: ${untar.stderr.toString().trim()}`);
  const root = join(temp, specPath);
  if (!existsSync(join(root, 'openapi.yaml'))) throw new BaselineError(`--base ${ref}: ${specPath}/openapi.yaml does not exist at that ref`);
  const output = join(temp, 'baseline.yaml');
  const bundle = spawnSync(process.execPath, [redoclyBin(specDir), 'bundle', 'openapi.yaml', '--output', output], { cwd: root, encoding: 'utf8' });
  if (bundle.status !== 0 || !existsSync(output)) {
    throw new BaselineError(`redocly could not bundle the spec at ${ref}: ${(bundle.stderr || bundle.stdout).trim().split('\n').slice(-5).join('\n')}`);
  }
  const name = release?.name ?? ref;
  return { path: output, label: name.startsWith(commit.slice(0, 12)) ? commit.slice(0, 12) : `${name} (${commit.slice(0, 12)})` };
}

/** Newest tag matching spec-v* by version order; else the repository's first commit. */
function lastRelease(git: (...args: string[]) => string): { ref: string; name: string } {
  const tags = safe(() => git('tag', '--list', 'spec-v*', '--sort=-v:refname'))?.split('\n').filter(Boolean) ?? [];
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

/** Redocly CLI is a dependency of @chatplatform/spec: resolve its bin from there. */
function redoclyBin(specDir: string): string {
  const require = createRequire(join(specDir, 'package.json'));
  const pkgPath = require.resolve('@redocly/cli/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin.redocly ?? Object.values(pkg.bin)[0]);
  if (!bin) throw new BaselineError('@redocly/cli declares no bin');
  return join(dirname(pkgPath), bin);
}

/** info.version and the major versions named by the spec: info.version's major and servers' /vN. */
function versionInfo(path: string, label: string): BreakingResult['base'] {
  const doc = parseYaml(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const version = String((doc.info as Record<string, unknown> | undefined)?.version ?? '0');
  const majors = new Set<number>();
  const major = /^v?(\d+)/.exec(version)?.[1];
  if (major) majors.add(Number(major));
  const visit = (servers: unknown) => {
    if (!Array.isArray(servers)) return;
    for (const server of servers) {
      const found = isObject(server) && typeof server.url === 'string' ? /\/v(\d+)(?:\/|$)/.exec(server.url) : null;
      if (found?.[1]) majors.add(Number(found[1]));
    }
  };
  visit(doc.servers);
  for (const item of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    visit(item.servers);
    for (const op of Object.values(item)) if (isObject(op)) visit(op.servers);
  }
  if (majors.size === 0) majors.add(0);
  return { label, version, majors: [...majors] };
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

export function formatBreakingText(result: BreakingResult): string {
  const lines = [
    `Breaking-change check (oasdiff): ${result.base.label} [${result.base.version}] → ${result.revision.label} [${result.revision.version}]`,
  ];
  for (const change of result.changes) {
    const level = change.level >= 3 ? 'ERR' : change.level === 2 ? 'WARN' : 'INFO';
    const where = [change.operation, change.path].filter(Boolean).join(' ');
    lines.push(`  ${level} ${where}: ${change.text} [${change.id}]`);
  }
  lines.push(`${result.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${result.reason}.`);
  return `${lines.join('\n')}\n`;
}

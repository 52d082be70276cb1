import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { OasdiffError, ToolMissingError } from '../errors.js';

/** The oasdiff release scripts/setup.sh installs (newer ones need a module the Go proxy does not serve). */
export const OASDIFF_VERSION = 'v1.33.0';
const OASDIFF_MODULE = 'github.com/oasdiff/oasdiff';
export const OASDIFF_INSTALL = `go install ${OASDIFF_MODULE}@${OASDIFF_VERSION}`;

/** One change as oasdiff's `--format json` prints it. */
export interface OasdiffChange {
  id: string;
  text: string;
  /** 3 = ERR (breaking), 2 = WARN (possibly breaking), 1 = INFO. */
  level: number;
  operation?: string;
  operationId?: string;
  path?: string;
  section?: string;
}

/**
 * Levels this gate gives oasdiff's checks where oasdiff's default is wrong for the platform
 * (written to the file `--severity-levels` reads; oasdiff refuses an unknown check id).
 */
export const SEVERITY_LEVELS: Readonly<Record<string, 'err' | 'none'>> = {
  // A documented error response (Get Call's 400) that disappears breaks clients that handle it.
  'response-non-success-status-removed': 'err',
  // Security is compared by security-changes.ts, per operation and by scheme definition. oasdiff
  // compares requirement strings: it misses header renames and moves, and calls accepting more
  // key roles a removal. Switched off so that each security change is reported once.
  'api-security-removed': 'none',
  'api-security-scope-added': 'none',
  'api-global-security-removed': 'none',
  'api-global-security-scope-added': 'none',
  // Media types of responses and request bodies are compared by breaking-schemas.ts, which sees
  // every change of them (oasdiff rates application/json → application/vnd.x+json INFO on a
  // response, and misses it on a request body); off, so each is reported once.
  'request-body-media-type-removed': 'none',
  'response-media-type-removed': 'none',
  'response-media-type-name-changed': 'none',
  'response-media-type-name-generalized': 'none',
};

/**
 * Finds the oasdiff binary: $OASDIFF, then PATH, then Go's install directory
 * ($GOBIN, $GOPATH/bin, `go env GOPATH`/bin, ~/go/bin) where `go install` puts it.
 */
export function findOasdiff(env: NodeJS.ProcessEnv = process.env): string {
  if (env.OASDIFF) {
    if (existsSync(env.OASDIFF)) return env.OASDIFF;
    throw new ToolMissingError(`OASDIFF is set to ${env.OASDIFF}, which does not exist. ${installHint()}`);
  }
  for (const dir of searchDirs(env)) {
    const candidate = join(dir, 'oasdiff');
    if (existsSync(candidate)) return candidate;
  }
  throw new ToolMissingError(`oasdiff is not installed (looked on PATH and in Go's bin directory). ${installHint()}`);
}

/** Directories in search order; lazy, so `go env` only runs when PATH and the env vars did not have it. */
function* searchDirs(env: NodeJS.ProcessEnv): Generator<string> {
  yield* (env.PATH ?? '').split(delimiter).filter(Boolean);
  if (env.GOBIN) yield env.GOBIN;
  if (env.GOPATH) yield* env.GOPATH.split(delimiter).map((p) => join(p, 'bin'));
  const goPath = goEnvGopath(env);
  if (goPath) yield join(goPath, 'bin');
  yield join(env.HOME ?? homedir(), 'go', 'bin');
}

function goEnvGopath(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return (
      execFileSync('go', ['env', 'GOPATH'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}

export function installHint(): string {
  return `Install it with \`${OASDIFF_INSTALL}\` (needs Go 1.26 or newer; \`bash scripts/setup.sh\` does it), then put $(go env GOPATH)/bin on PATH or set OASDIFF to the binary.`;
}

/**
 * Runs `oasdiff breaking` with this gate's settings and returns the changes at WARN or ERR.
 * `workDir` receives the settings files. `--config` names our own file, so that a `.oasdiff.*`
 * file in the working directory (or OASDIFF_CONFIG) cannot change levels or ignore changes.
 * `--flatten-allof` merges allOf branches, so that a type change through allOf is ERR, not WARN.
 */
export function oasdiffBreaking(binary: string, base: string, revision: string, workDir: string): OasdiffChange[] {
  const levels = join(workDir, 'oasdiff-levels.txt');
  const config = join(workDir, 'oasdiff-config.yaml');
  writeFileSync(
    levels,
    Object.entries(SEVERITY_LEVELS)
      .map(([id, level]) => `${id} ${level}\n`)
      .join(''),
  );
  writeFileSync(config, '# the breaking gate passes every setting on the command line\n');
  const args = [
    'breaking',
    resolve(base),
    resolve(revision),
    '--format',
    'json',
    '--fail-on',
    'WARN',
    '--flatten-allof',
  ];
  args.push('--severity-levels', levels, '--config', config, '--allow-external-refs=false');
  const result = spawnSync(binary, args, { cwd: workDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new OasdiffError(`oasdiff could not run (${result.error.message}). ${installHint()}`);
  if (result.status !== 0 && result.status !== 1) {
    const said = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(-5).join('\n');
    throw new OasdiffError(
      `oasdiff failed (exit ${result.status ?? `signal ${result.signal}`}): ${said || 'it printed nothing'}`,
    );
  }
  const changes = parseChanges(result.stdout, binary);
  const breaking = changes.filter((change) => change.level >= 2);
  // Exit 1 means oasdiff found a change at WARN or above: a list without one is not believed.
  if ((result.status === 1) !== breaking.length > 0) {
    throw new OasdiffError(
      `oasdiff exited ${result.status} but listed ${breaking.length} breaking change(s): its output cannot be trusted`,
    );
  }
  return breaking;
}

/**
 * The release of the oasdiff binary, as the breaking report names it, after refusing any other
 * than {@link OASDIFF_VERSION}: a Go binary carries its main module's version, which
 * `go version -m` prints (`mod github.com/oasdiff/oasdiff v1.33.0`). With no `go` on PATH, or a
 * binary without Go build info (a stand-in, a build stripped of it), the release cannot be read:
 * the answer says so, and the report shows it. scripts/setup.sh installs Go, so in CI it is read.
 */
export function oasdiffRelease(binary: string, env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync('go', ['version', '-m', binary], { env, encoding: 'utf8', timeout: 30_000 });
  if (result.error) return `release not checked: go could not run (${result.error.message})`;
  const main = result.status === 0 ? /^\s*mod\s+(\S+)\s+(\S+)/m.exec(result.stdout) : null;
  if (!main) return 'release not checked: the binary carries no Go module version';
  const [, module, version] = main;
  if (module === OASDIFF_MODULE && version === OASDIFF_VERSION) return version;
  const found = module === OASDIFF_MODULE ? `oasdiff ${version}` : `the Go module ${module} ${version}`;
  throw new OasdiffError(
    `${binary} is ${found}, not ${OASDIFF_VERSION}, the release this gate is pinned to (its checks and levels differ between releases). ${installHint()}`,
  );
}

function parseChanges(stdout: string, binary: string): OasdiffChange[] {
  // oasdiff prints `[]` when it finds no change: silence is a binary that did not compare anything.
  if (stdout.trim() === '')
    throw new OasdiffError(
      `oasdiff printed nothing (ran ${binary}); oasdiff ${OASDIFF_VERSION} prints [] when it finds no change. ${installHint()}`,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    throw new OasdiffError(`oasdiff printed output that is not JSON: ${stdout.slice(0, 200)}`);
  }
  if (parsed === null) return [];
  const isChange = (c: unknown) =>
    typeof c === 'object' &&
    c !== null &&
    typeof (c as OasdiffChange).id === 'string' &&
    typeof (c as OasdiffChange).level === 'number';
  if (!Array.isArray(parsed) || !parsed.every(isChange)) {
    throw new OasdiffError(`oasdiff printed JSON that is not a list of changes: ${stdout.slice(0, 200)}`);
  }
  return parsed as OasdiffChange[];
}

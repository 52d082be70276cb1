import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The oasdiff release scripts/setup.sh installs (newer ones need a module the Go proxy does not serve). */
export const OASDIFF_VERSION = 'v1.33.0';
export const OASDIFF_INSTALL = `go install github.com/oasdiff/oasdiff@${OASDIFF_VERSION}`;

/** One change as oasdiff's `--format json` prints it. */
export interface OasdiffChange {
  id: string;
  text: string;
  /** 3 = ERR (breaking), 2 = WARN, 1 = INFO. */
  level: number;
  operation?: string;
  operationId?: string;
  path?: string;
  source?: string;
  section?: string;
}

export class ToolMissingError extends Error {}

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
  yield join(homedir(), 'go', 'bin');
}

function goEnvGopath(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return execFileSync('go', ['env', 'GOPATH'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function installHint(): string {
  return `Install it with \`${OASDIFF_INSTALL}\` (needs Go 1.26 or newer; \`bash scripts/setup.sh\` does it), then put $(go env GOPATH)/bin on PATH or set OASDIFF to the binary.`;
}

/** Runs `oasdiff breaking --fail-on ERR --format json` and returns the changes it reports. */
export function oasdiffBreaking(binary: string, base: string, revision: string): { changes: OasdiffChange[]; failed: boolean } {
  const result = spawnSync(
    binary,
    ['breaking', base, revision, '--format', 'json', '--fail-on', 'ERR', '--allow-external-refs=false'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw new Error(`oasdiff could not run (${result.error.message}). ${installHint()}`);
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`oasdiff failed (exit ${result.status}): ${result.stderr.trim() || result.stdout.trim()}`);
  }
  let changes: OasdiffChange[];
  try {
    changes = result.stdout.trim() === '' ? [] : (JSON.parse(result.stdout) as OasdiffChange[] | null) ?? [];
  } catch {
    throw new Error(`oasdiff printed output that is not JSON: ${result.stdout.slice(0, 200)}`);
  }
  return { changes, failed: result.status === 1 };
}

// The release folder as the package's build (`node src/cli.mjs build`) left it, fresh environments
// to install into, and the mock (the released @chatplatform/mock, started with npx) every first
// call goes to.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
export const releaseDir = join(packageDir, 'dist');
export const installDir = join(packageDir, 'install');

/** Fails the run, saying how to build, when the release folder is missing. */
export function requireRelease(): void {
  if (!existsSync(join(releaseDir, 'SHA256SUMS'))) {
    throw new Error(`${releaseDir} holds no release: build it with \`pnpm build\` at the repository root`);
  }
}

/** The one file in `<release>/<folder>` whose name matches. */
export function artifact(folder: string, pattern: RegExp): string {
  const found = readdirSync(join(releaseDir, folder)).filter((name) => pattern.test(name));
  if (found.length !== 1) throw new Error(`expected one ${pattern} in ${folder}/, found ${found.join(', ') || 'none'}`);
  return join(releaseDir, folder, found[0] as string);
}

const made: string[] = [];
/** A new empty directory, removed by {@link removeTemps}. */
export function freshDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `release-install-${name}-`));
  made.push(dir);
  return dir;
}
export function removeTemps(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Runs a command to its end; its stdout, or an error with everything it printed. */
export function sh(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): string {
  try {
    return execFileSync(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
    throw new Error(`\`${command} ${args.join(' ')}\` exited ${status} in ${options.cwd}:\n${stdout}\n${stderr}`);
  }
}

/** The released mock CLI, run with npx from the project it was installed into, on a free port. */
export async function startReleasedMock(project: string): Promise<{ url: string; stop: () => void }> {
  // Its own process group: npx runs the mock as a child of its own, and stopping npx alone would
  // leave the mock running.
  const child: ChildProcess = spawn('npx', ['--no-install', 'chatplatform-mock', '--port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1] as string);
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => reject(new Error(`npx chatplatform-mock exited ${code}:\n${output}`)));
  });
  return { url, stop: () => process.kill(-(child.pid as number), 'SIGTERM') };
}

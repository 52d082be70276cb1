// Runs a toolchain command, failing with the command line, where it ran and its output.
import { spawnSync } from 'node:child_process';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 * @returns {string} stdout, trimmed
 */
export function run(command, args, options = {}) {
  return runCapturing(command, args, options).stdout.trim();
}

/**
 * Like {@link run}, returning stdout and stderr (where a tool prints its warnings).
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 * @returns {{ stdout: string, stderr: string }}
 */
export function runCapturing(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  if (result.error) {
    throw new Error(`\`${command}\` could not run (${result.error.message}): bash scripts/setup.sh installs it.`);
  }
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(
      `\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}) in ${options.cwd ?? process.cwd()}:\n${output}`,
    );
  }
  return { stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

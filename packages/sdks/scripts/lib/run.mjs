// Runs a command with its output streamed through, failing with the command line and exit status.
import { spawnSync } from 'node:child_process';

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}) in ${options.cwd ?? process.cwd()}.`,
    );
  }
  return result;
}

/**
 * Runs a command and returns its standard output, trimmed; failing with both outputs.
 * @param {string} command
 * @param {string[]} args
 * @param {Omit<import('node:child_process').SpawnSyncOptions, 'encoding'>} [options]
 * @returns {string}
 */
export function capture(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `\`${command} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout.trim();
}

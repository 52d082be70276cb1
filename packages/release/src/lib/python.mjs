// The release's own Python tools (build, twine, setuptools, pinned in requirements.txt) in
// packages/release/.venv, which the set-up makes (scripts/setup.sh).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from './context.mjs';
import { run } from './run.mjs';

const releaseVenvDir = join(packageDir, '.venv');
/** @type {(name: string) => string} */
export const venvBin = (name) => join(releaseVenvDir, 'bin', name);

/**
 * The release venv's `python`, its packages at requirements.txt's pins (pip does nothing when they
 * are); fails, naming the set-up, when there is no venv.
 */
export function releaseVenv() {
  const python = venvBin('python');
  if (!existsSync(python)) {
    throw new Error(`${releaseVenvDir} is missing: run \`bash scripts/setup.sh\` at the repository root`);
  }
  run(python, [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '-r',
    join(packageDir, 'requirements.txt'),
  ]);
  return python;
}

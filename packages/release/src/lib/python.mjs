// The release's own Python tools (build, twine, setuptools, pinned in requirements.txt) in
// packages/release/.venv, made on first use from PyPI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from './context.mjs';
import { run } from './run.mjs';

const releaseVenvDir = join(packageDir, '.venv');
/** @type {(name: string, venv?: string) => string} */
export const venvBin = (name, venv = releaseVenvDir) => join(venv, 'bin', name);

/** The release venv, with requirements.txt installed; its `python`. */
export function releaseVenv() {
  const python = venvWithPip(releaseVenvDir);
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

/**
 * A venv at `venv`, its `python`. One a run stopped half-way left without pip is made again
 * (`--clear`), not used as it is.
 * @param {string} venv
 */
export function venvWithPip(venv) {
  const python = venvBin('python', venv);
  const hasPip = existsSync(python) && spawnSync(python, ['-c', 'import pip']).status === 0;
  if (!hasPip) run('python3', ['-m', 'venv', '--clear', venv]);
  return python;
}

// The release's own Python tools (build, twine, setuptools, pinned in requirements.txt) in
// packages/release/.venv, made on first use from PyPI.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from './context.mjs';
import { run } from './run.mjs';

const venv = join(packageDir, '.venv');
/** @type {(name: string) => string} */
export const venvBin = (name) => join(venv, 'bin', name);

export function releaseVenv() {
  if (!existsSync(venvBin('python'))) run('python3', ['-m', 'venv', venv]);
  run(venvBin('python'), [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '-r',
    join(packageDir, 'requirements.txt'),
  ]);
  return venvBin('python');
}

// The package's Python venv, packages/sdks/.venv: the pinned requirements (schemathesis, pytest,
// the client's runtime dependencies) and, after the build, the generated chatplatform_client.
import { existsSync } from 'node:fs';
import { requirementsFile, venvBin, venvDir } from './paths.mjs';
import { capture, run } from './run.mjs';
import { MissingToolchainError, requireTool } from './toolchain.mjs';

const MIN_PYTHON = [3, 10];

export function ensureVenv() {
  if (!existsSync(venvBin('python'))) {
    const python = requireTool('python3');
    const version = capture(python, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])']);
    const [major = 0, minor = 0] = version.split('.').map(Number);
    const [needMajor = 0, needMinor = 0] = MIN_PYTHON;
    if (major < needMajor || (major === needMajor && minor < needMinor)) {
      throw new MissingToolchainError(`python3 is ${version}; install Python ${MIN_PYTHON.join('.')} or newer.`);
    }
    run(python, ['-m', 'venv', venvDir]);
  }
  // A no-op (no network) when every pinned requirement is already installed.
  pipInstall(['-r', requirementsFile]);
}

/** `pip install` into the package's venv, quietly. @param {string[]} args */
export function pipInstall(args) {
  run(venvBin('python'), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', ...args]);
}

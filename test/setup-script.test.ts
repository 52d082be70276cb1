// scripts/setup.sh's steps, run alone: a venv a stopped set-up left without pip is made again, a
// missing tool is asked of apt.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { repoRoot } from './support/repository.js';

it('makes again a venv a stopped set-up left without pip', () => {
  const dir = mkdtempSync(join(tmpdir(), 'setup-venv-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const venv = join(dir, '.venv');
  execFileSync('python3', ['-m', 'venv', '--without-pip', venv]); // what a run stopped before pip leaves
  execFileSync('bash', ['-c', 'source scripts/setup.sh && venv_with_pip "$1"', 'setup', venv], { cwd: repoRoot });
  expect(execFileSync(join(venv, 'bin', 'python'), ['-m', 'pip', '--version'], { encoding: 'utf8' })).toContain(venv);
});

it("asks apt for unzip where it is missing (the release's install test unpacks the PHP package with it)", () => {
  const empty = mkdtempSync(join(tmpdir(), 'setup-path-'));
  onTestFinished(() => rmSync(empty, { recursive: true, force: true }));
  // apt_install stands in for apt: it prints what it was asked for; PATH holds no unzip.
  const script = 'source scripts/setup.sh && apt_install() { echo "apt: $*"; } && PATH="$1" install_unzip';
  const out = execFileSync('bash', ['-c', script, 'setup', empty], { cwd: repoRoot, encoding: 'utf8' });
  expect(out).toContain('apt: unzip');
});

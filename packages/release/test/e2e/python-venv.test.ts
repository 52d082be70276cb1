// The release's Python venv (src/lib/python.mjs) when a run stopped while making it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { venvWithPip } from '../../src/lib/python.mjs';

it('makes again a venv a run left without pip', () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-venv-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const venv = join(dir, '.venv');
  execFileSync('python3', ['-m', 'venv', '--without-pip', venv]); // what a run stopped before pip leaves
  const python = venvWithPip(venv);
  expect(python.startsWith(venv)).toBe(true);
  expect(execFileSync(python, ['-m', 'pip', '--version'], { encoding: 'utf8' })).toContain(venv);
});

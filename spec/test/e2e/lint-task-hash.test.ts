// turbo's cache key for the spec's lint task: what re-runs lint and what does not. A check of the
// task graph, run through turbo's CLI.
import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { localBin } from '../support/local-bin.js';

const run = promisify(execFile);
const specDir = resolve(import.meta.dirname, '../..');
const repoDir = resolve(specDir, '..');

describe("turbo's lint task", () => {
  const turbo = () => localBin(repoDir, 'turbo', 'turbo');
  /** The hash turbo would cache `@chatplatform/spec#lint` under, for the files as they are now. */
  async function lintHash(): Promise<string> {
    const { stdout } = await run(turbo(), ['run', 'lint', '--filter=@chatplatform/spec', '--dry=json'], {
      cwd: repoDir,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    });
    return JSON.parse(stdout).tasks.find((t: { taskId: string }) => t.taskId === '@chatplatform/spec#lint').hash;
  }
  /** The lint hash while `file` (relative to spec/) exists with some content; the file is removed after. */
  async function hashWith(file: string): Promise<string> {
    const path = join(specDir, file);
    writeFileSync(path, `// probe written by test/e2e/lint-task-hash.test.ts ${process.pid}\n`);
    try {
      return await lintHash();
    } finally {
      rmSync(path, { force: true });
    }
  }

  it('re-runs lint when a rule changes, and stays cached when only a fixture does', async () => {
    const before = await lintHash();
    expect(await hashWith(`rules/zz-probe-${process.pid}.js`)).not.toBe(before);
    expect(await hashWith(`test/fixtures/zz-probe-${process.pid}.txt`)).toBe(before);
    expect(await lintHash()).toBe(before);
  });
});

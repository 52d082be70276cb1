// The docs are a consumer of the spec, never an input to it: editing a docs file must leave the
// published bundle as it is and every task of the spec, the client and the SDKs cached. The edits
// are made in a temporary copy of the repository, so a killed run leaves the working tree as it was.
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { bundledSpecPath } from '@chatplatform/spec';
import { describe, expect, it, onTestFinished } from 'vitest';
import { docsDir } from '../support/docs.js';

const run = promisify(execFile);
const repositoryRoot = join(docsDir, '..', '..');

/**
 * A throwaway copy of the repository's files as git sees them (tracked, and untracked but not
 * ignored), staged in a repository of its own: the test edits the copy, never the working tree.
 */
async function repositoryCopy(): Promise<string> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repositoryRoot,
    maxBuffer: 64 * 1024 * 1024,
  });
  const copy = mkdtempSync(join(tmpdir(), 'docs-isolation-'));
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(repositoryRoot, file))) continue; // deleted in the working tree, not yet staged
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repositoryRoot, file), join(copy, file));
  }
  await run('git', ['init', '-q'], { cwd: copy });
  await run('git', ['add', '-A'], { cwd: copy });
  return copy;
}

/** Task id → hash of every task `turbo run build test` would run in `repository`, as turbo computes it. */
async function taskHashes(repository: string): Promise<Map<string, string>> {
  // The workspace's own turbo, pointed at the copy (which has no node_modules of its own).
  const { stdout } = await run(
    'pnpm',
    ['--workspace-root', 'exec', 'turbo', 'run', 'build', 'test', '--dry=json', '--cwd', repository],
    { cwd: docsDir, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } },
  );
  const plan = JSON.parse(stdout) as { tasks: Array<{ taskId: string; hash: string }> };
  return new Map(plan.tasks.map((task) => [task.taskId, task.hash]));
}

const DOCS_EDITS = {
  'scripts/docs-template.hbs': '\n{{!-- edited by the isolation test --}}\n',
  'scripts/code-samples/curl.js': '\n// edited by the isolation test\n',
  'redocly.yaml': '\n# edited by the isolation test\n',
  'render.redocly.yaml': '\n# edited by the isolation test\n',
  'package.json': '\n',
};

const isUpstream = (taskId: string) => /^@chatplatform\/(spec|client|sdks|mock)#/.test(taskId);

describe('the docs package is not an input of the spec, the client or the SDKs', () => {
  it('the published bundle carries no code samples (they are the docs package’s own)', () => {
    for (const format of ['json', 'yaml'] as const) {
      expect(readFileSync(bundledSpecPath(format), 'utf8')).not.toContain('x-codeSamples');
    }
  });

  it('editing docs files changes only the docs tasks’ hashes', async () => {
    const copy = await repositoryCopy();
    onTestFinished(() => rmSync(copy, { recursive: true, force: true }));
    const before = await taskHashes(copy);
    for (const [file, addition] of Object.entries(DOCS_EDITS)) {
      appendFileSync(join(copy, 'packages/docs', file), addition);
    }
    const after = await taskHashes(copy);
    const changed = [...before].filter(([taskId, hash]) => after.get(taskId) !== hash).map(([taskId]) => taskId);

    expect(changed.filter(isUpstream)).toEqual([]);
    // The edit is seen: the docs' own build is invalidated, so the test above can fail.
    expect(changed).toContain('@chatplatform/docs#build');
    expect([...before.keys()].filter(isUpstream).length).toBeGreaterThanOrEqual(6);
  }, 60_000);
});

// The docs are a consumer of the spec, never an input to it: editing a docs file must leave the
// published bundle as it is and every task of the spec, the client and the SDKs cached.
import { execFile } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bundledSpecPath } from '@chatplatform/spec';
import { describe, expect, it } from 'vitest';
import { docsDir } from '../support/docs.js';

const run = promisify(execFile);

/** Task id → hash of every task `turbo run build test` would run, as turbo computes it. */
async function taskHashes(): Promise<Map<string, string>> {
  const { stdout } = await run('pnpm', ['--workspace-root', 'exec', 'turbo', 'run', 'build', 'test', '--dry=json'], {
    cwd: docsDir,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  const plan = JSON.parse(stdout) as { tasks: Array<{ taskId: string; hash: string }> };
  return new Map(plan.tasks.map((task) => [task.taskId, task.hash]));
}

/** Appends a comment to each docs file, runs `check`, then puts every file back as it was. */
async function withEditedDocs<T>(files: Record<string, string>, check: () => Promise<T>): Promise<T> {
  const originals = Object.keys(files).map((file) => [file, readFileSync(join(docsDir, file))] as const);
  try {
    for (const [file, comment] of Object.entries(files)) appendFileSync(join(docsDir, file), comment);
    return await check();
  } finally {
    for (const [file, content] of originals) writeFileSync(join(docsDir, file), content);
  }
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
    const before = await taskHashes();
    const after = await withEditedDocs(DOCS_EDITS, taskHashes);
    const changed = [...before].filter(([taskId, hash]) => after.get(taskId) !== hash).map(([taskId]) => taskId);

    expect(changed.filter(isUpstream)).toEqual([]);
    // The edit is seen: the docs' own build is invalidated, so the test above can fail.
    expect(changed).toContain('@chatplatform/docs#build');
    expect([...before.keys()].filter(isUpstream).length).toBeGreaterThanOrEqual(6);
  }, 60_000);
});

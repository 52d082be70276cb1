// The turbo graph as turbo itself plans it (`turbo run … --dry=json`), on a copy of the
// repository: what changes a task's hash, what does not, and what each tier of tests waits for.
import { execFile } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOfRepository, repoRoot, workspacePackage } from './support/repository.js';

const run = promisify(execFile);
const turbo = join(repoRoot, 'node_modules', '.bin', 'turbo');
const TASKS = ['build', 'typecheck', 'test:unit', 'test:e2e'];

interface PlannedTask {
  taskId: string;
  task: string;
  package: string;
  hash: string;
  dependencies: string[];
}

let copy: ReturnType<typeof copyOfRepository>;
beforeAll(() => {
  copy = copyOfRepository();
});
afterAll(() => copy?.remove());

/** The tasks `turbo run <tasks>` would run in the copy, with `env` added to this process's environment minus CI. */
async function plan(tasks: string[], env: Record<string, string> = {}): Promise<PlannedTask[]> {
  const { CI: _ci, ...inherited } = process.env;
  const { stdout } = await run(turbo, ['run', ...tasks, '--dry=json'], {
    cwd: copy.dir,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...inherited, TURBO_TELEMETRY_DISABLED: '1', ...env },
  });
  return JSON.parse(stdout).tasks;
}

const hashes = (tasks: PlannedTask[]) => new Map(tasks.map((task) => [task.taskId, task.hash]));

/** Ids of the tasks whose hash differs between two plans of the same tasks. */
function changedBetween(before: PlannedTask[], after: PlannedTask[]): string[] {
  const afterHashes = hashes(after);
  return before.filter((task) => afterHashes.get(task.taskId) !== task.hash).map((task) => task.taskId);
}

describe('task hashes', () => {
  it("CI=true changes no task's hash, so CI and a developer share one cache", async () => {
    const local = await plan(TASKS);
    const ci = await plan(TASKS, { CI: 'true' });
    expect(local.length).toBeGreaterThanOrEqual(10);
    expect(changedBetween(local, ci)).toEqual([]);
  });

  it("SOURCE_DATE_EPOCH changes only the release build's hash (its artifacts carry that time), and where the toolchains live changes none", async () => {
    const base = await plan(['build'], { SOURCE_DATE_EPOCH: '1700000000' });
    const other = await plan(['build'], {
      SOURCE_DATE_EPOCH: '1700000001',
      CARGO_HOME: join(copy.dir, 'elsewhere', 'cargo'),
      MAVEN_OPTS: '-Xmx1g',
    });
    expect(changedBetween(base, other)).toEqual(['@chatplatform/release#build']);
  });

  it('the published bundle carries no code samples (they are the docs package’s own)', async () => {
    const { bundledSpecPath } = await workspacePackage<{ bundledSpecPath: (format: 'json' | 'yaml') => string }>(
      'spec',
      '@chatplatform/spec',
    );
    for (const format of ['json', 'yaml'] as const) {
      expect(readFileSync(bundledSpecPath(format), 'utf8')).not.toContain('x-codeSamples');
    }
  });

  it('editing docs files changes only the docs tasks’ hashes (the docs are not an input of the spec, client, mock or SDKs)', async () => {
    const before = await plan(TASKS);
    const edits: Record<string, string> = {
      'scripts/docs-template.hbs': '\n{{!-- edited by the task-graph test --}}\n',
      'scripts/code-samples/curl.js': '\n// edited by the task-graph test\n',
      'redocly.yaml': '\n# edited by the task-graph test\n',
      'render.redocly.yaml': '\n# edited by the task-graph test\n',
      'package.json': '\n',
    };
    for (const [file, text] of Object.entries(edits)) appendFileSync(join(copy.dir, 'packages/docs', file), text);
    const changed = changedBetween(before, await plan(TASKS));
    const upstream = (taskId: string) => /^@chatplatform\/(spec|client|sdks|mock|contract)#/.test(taskId);

    expect(changed.filter(upstream)).toEqual([]);
    // The edit is seen: the docs' own build is invalidated, so the assertion above can fail.
    expect(changed).toContain('@chatplatform/docs#build');
    expect(before.filter((task) => upstream(task.taskId)).length).toBeGreaterThanOrEqual(6);
  });

  it('the docs build reads the SDKs’ paths module but does not wait for their generators and compilers', async () => {
    const docsBuild = async () => (await plan(['build'])).find((task) => task.taskId === '@chatplatform/docs#build');
    const before = await docsBuild();
    expect(before?.dependencies).toContain('@chatplatform/contract#build');
    expect(
      before?.dependencies.filter((id) => id.startsWith('@chatplatform/sdks#') && !id.endsWith('#bundle')),
    ).toEqual([]);
    appendFileSync(join(copy.dir, 'packages/sdks/scripts/lib/paths.mjs'), '\n// edited by the task-graph test\n');
    const afterModule = (await docsBuild())?.hash;
    expect(afterModule).not.toBe(before?.hash);
    // The Go module path it renders comes from the generator's Go settings.
    appendFileSync(join(copy.dir, 'packages/sdks/generator/go.yaml'), '\n# edited by the task-graph test\n');
    expect((await docsBuild())?.hash).not.toBe(afterModule);
  });

  it("the spec's lint re-runs when a rule changes and stays cached when only a test fixture does", async () => {
    const lintHash = async () => (await plan(['lint'])).find((task) => task.taskId === '@chatplatform/spec#lint')?.hash;
    const before = await lintHash();
    expect(before).toBeDefined();
    writeFileSync(join(copy.dir, 'spec/test/fixtures/zz-probe.txt'), 'a fixture only the tests read\n');
    expect(await lintHash()).toBe(before);
    writeFileSync(join(copy.dir, 'spec/rules/zz-probe.js'), '// a new rule file\n');
    expect(await lintHash()).not.toBe(before);
  });
});

describe('what each tier waits for', () => {
  const BUILD_TASKS = new Set(['lint', 'bundle', 'generate', 'build']);
  const taskName = (taskId: string) => taskId.slice(taskId.indexOf('#') + 1);

  it('test:unit and test:e2e wait only for the built workspace, never for type-checking or each other', async () => {
    const tiers = (await plan(['test:unit', 'test:e2e', 'typecheck'])).filter((task) => task.task.startsWith('test:'));
    expect(tiers.length).toBeGreaterThan(0);
    for (const task of tiers) {
      const waitsFor = task.dependencies.map(taskName).filter((name) => !BUILD_TASKS.has(name));
      expect(waitsFor, task.taskId).toEqual([]);
    }
  });

  it('typecheck waits only for generated sources and the dependencies’ builds, never for tests', async () => {
    const checks = (await plan(['typecheck', 'test:unit'])).filter((task) => task.task === 'typecheck');
    expect(checks.length).toBeGreaterThan(0);
    for (const task of checks) {
      expect(
        task.dependencies.map(taskName).filter((name) => !BUILD_TASKS.has(name)),
        task.taskId,
      ).toEqual([]);
    }
  });
});

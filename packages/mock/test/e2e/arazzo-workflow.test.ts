// The reference's auth-token flow plus Get Call (list users, create an auth token for a user, get a
// call on that user's behalf), written once as an Arazzo workflow in @chatplatform/spec:
// `redocly respect` runs it against this mock, with respect's status, content-type and schema
// checks on. The clients run the same steps in their own packages (client, sdks).
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { readBundledSpec } from '@chatplatform/spec';
import { afterAll, describe, expect, inject, test } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const mockChatServerUrl = inject('mockChatServerUrl');
const spec = readBundledSpec() as any;
const workflowFile = require.resolve('@chatplatform/spec/arazzo/auth-token-flow.arazzo.yaml');
// The mock serves the observed example: its session, and its initiator as the user acting.
const [observed] = spec.components.examples.CallInitiated.value.data;
const inputs = { apiKey: 'test-api-key', uid: observed.initiator as string, sessionId: observed.sessionId as string };

/** A step of respect's JSON report, and the checks it ran. */
interface Step {
  stepId: string;
  status: string;
  checks: { name: string; passed: boolean; condition?: string }[];
}

describe('the Arazzo workflow, run by redocly respect against the mock', () => {
  const work = mkdtempSync(join(tmpdir(), 'client-respect-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('passes every step, with its status, content-type and schema checks on', async () => {
    const { code, steps } = await respect(withStatusRangesSpelledOut(spec), inputs);
    expect(failures(steps)).toEqual([]);
    expect(code).toBe(0);
    expect(steps.map((s) => s.stepId)).toEqual(['list-users', 'create-auth-token', 'get-call-on-behalf']);
    for (const step of steps) {
      const checks = step.checks.map((c) => c.name);
      expect(checks, step.stepId).toEqual(
        expect.arrayContaining(['status code check', 'content-type check', 'schema check']),
      );
    }
    const getCall = steps
      .at(-1)!
      .checks.filter((c) => c.name === 'success criteria check')
      .map((c) => c.condition);
    expect(getCall).toEqual([
      '$statusCode == 200',
      expect.stringMatching(/^\$\[\*\]\.data\[\?\(/),
      expect.stringMatching(/participants\[\?\(/),
    ]);
  });

  test("fails when the record is not the session's, or the user is not in the call (the filters have teeth)", async () => {
    const otherSession = await respect(withStatusRangesSpelledOut(spec), { ...inputs, sessionId: 'another-session' });
    expect(otherSession.code).not.toBe(0);
    expect(failures(otherSession.steps)).toEqual([
      expect.stringContaining('get-call-on-behalf: success criteria check: $[*].data[?(@.sessionId'),
    ]);
    const stranger = await respect(withStatusRangesSpelledOut(spec), { ...inputs, uid: 'not-a-participant' });
    expect(stranger.code).not.toBe(0);
    expect(failures(stranger.steps)).toEqual([
      expect.stringContaining('get-call-on-behalf: success criteria check: $[*].data[0].participants[?('),
    ]);
  });

  test("keeps respect's status check on: against the spec as written, the first 2XX step fails it", async () => {
    const { code, steps } = await respect(spec, inputs);
    expect(code).not.toBe(0);
    expect(failures(steps)).toEqual(['list-users: status code check']);
  });

  /** Runs the workflow with `description` as its source (the layout the workflow's relative URL expects). */
  async function respect(
    description: object,
    values: Record<string, string>,
  ): Promise<{ code: number; steps: Step[] }> {
    const dir = mkdtempSync(join(work, 'run-'));
    const workflow = join(dir, 'arazzo', 'auth-token-flow.arazzo.yaml');
    const source = join(dir, 'dist', 'openapi.json');
    for (const file of [workflow, source]) mkdirSync(dirname(file), { recursive: true });
    copyFileSync(workflowFile, workflow);
    writeFileSync(source, JSON.stringify(description));
    const report = join(dir, 'respect.json');
    const args = ['respect', workflow, '-S', `platform=${mockChatServerUrl}`, '-J', report];
    for (const [name, value] of Object.entries(values)) args.push('--input', `${name}=${value}`);
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const code = await run(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), ...args], {
      cwd: dir,
      env,
    }).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
    // The report carries the requests, API key included: read the steps' checks, never print it whole.
    if (!existsSync(report))
      throw new Error(
        `redocly respect exited ${code} without writing its report: run it by hand (spec/README) to see why`,
      );
    const files = JSON.parse(readFileSync(report, 'utf8')).files;
    const steps: Step[] = Object.values<any>(files).flatMap((f) =>
      f.executedWorkflows.flatMap((w: any) => w.executedSteps),
    );
    if (steps.length === 0) throw new Error(`redocly respect ran no step (exit ${code})`);
    return { code, steps };
  }
});

/** Every check that did not pass, as "<step>: <check>[: <condition>]". */
function failures(steps: Step[]): string[] {
  return steps.flatMap((s) =>
    s.checks
      .filter((c) => !c.passed)
      .map((c) => [s.stepId, c.name, ...(c.name === 'success criteria check' ? [c.condition] : [])].join(': ')),
  );
}

/**
 * The description with each response range (`2XX`) written out as its hundred codes, which is what
 * OpenAPI says a range means. respect's status check compares exact codes only, so a range never
 * matches; spelled out, the check stays on and respect also checks those bodies against the schema.
 */
function withStatusRangesSpelledOut(description: any): any {
  const RANGE = /^([1-5])XX$/;
  const copy = structuredClone(description);
  for (const item of Object.values<any>(copy.paths)) {
    for (const operation of Object.values<any>(item)) {
      if (!operation?.responses) continue;
      // Exact codes come first: they take precedence over a range, as in OpenAPI.
      const entries = Object.entries<unknown>(operation.responses);
      const spelled = Object.fromEntries(entries.filter(([status]) => !RANGE.test(status)));
      for (const [status, response] of entries) {
        const digit = RANGE.exec(status)?.[1];
        if (digit) for (let n = 0; n < 100; n++) spelled[`${digit}${String(n).padStart(2, '0')}`] ??= response;
      }
      operation.responses = spelled;
    }
  }
  return copy;
}

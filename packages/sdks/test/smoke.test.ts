// Runs each language's smoke test (smoke/<lang>, ordinary checked-in source) against the Prism
// mock, through a recording proxy that shows what the generated client really sent.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMock, type Mock } from '@chatplatform/mock';
import { packageDir, smokeDir, specVersion, venvBin } from '../scripts/lib/paths.mjs';
import { requireTool, requireVenvTool } from '../scripts/lib/toolchain.mjs';
import { startRecordingProxy, type RecordingProxy } from './support/recording-proxy.js';
import { runProcess } from './support/run-process.js';
import { firstGetCallExample, loadBundledSpec } from './support/spec-example.js';

// A made-up key: the mock accepts any; the check below never prints it.
const API_KEY = 'sdk-smoke-test-key';
const spec = loadBundledSpec();
const ON_BEHALF_OF: string = spec.components.parameters.onBehalfOf.example;
const { call: expectedCall } = firstGetCallExample(spec);

interface Runner {
  command: () => string;
  args: string[];
  cwd: string;
  /** How the runner reports that both smoke tests ran. */
  ran: RegExp;
}

const runners: Record<string, Runner> = {
  python: {
    command: () => {
      requireVenvTool('python');
      return venvBin('python');
    },
    args: ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', join(smokeDir('python'), 'test_get_call.py')],
    cwd: packageDir,
    ran: /\b2 passed\b/,
  },
  go: {
    command: () => requireTool('go'),
    args: ['test', '-count=1', '-v', './...'],
    cwd: smokeDir('go'),
    ran: /--- PASS: TestGetCallParsesTheCallRecord[\s\S]*--- PASS: TestBadRequestIsAGenericOpenAPIError/,
  },
  java: {
    command: () => {
      requireTool('java');
      return requireTool('mvn');
    },
    args: ['-B', '-Dstyle.color=never', '-f', join(smokeDir('java'), 'pom.xml'), 'test', `-Dchatplatform.version=${specVersion()}`],
    cwd: packageDir,
    ran: /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0/,
  },
};

let mock: Mock;
let proxy: RecordingProxy;

beforeAll(async () => {
  mock = await startMock();
  proxy = await startRecordingProxy(mock.url);
});

afterAll(async () => {
  await proxy?.stop();
  await mock?.stop();
});

describe.each(Object.keys(runners))('the generated %s client', (lang) => {
  test(`${lang}: gets the call, parses session id and participants, and surfaces the 400 as its API error`, async () => {
    const runner = runners[lang]!;
    proxy.requests.length = 0;
    const result = await runProcess(runner.command(), runner.args, {
      cwd: runner.cwd,
      env: {
        ...process.env,
        CHATPLATFORM_MOCK_URL: proxy.url,
        CHATPLATFORM_API_KEY: API_KEY,
        CHATPLATFORM_ON_BEHALF_OF: ON_BEHALF_OF,
        CHATPLATFORM_EXPECTED_CALL: JSON.stringify(expectedCall),
      },
    });
    const output = result.output;
    expect(result.status, `the ${lang} smoke test failed:\n${output}`).toBe(0);
    expect(output, `the ${lang} runner did not report both smoke tests as passed:\n${output}`).toMatch(runner.ran);

    const getCalls = proxy.requests.filter(
      (r) => r.method === 'GET' && r.path === `/calls/${encodeURIComponent(expectedCall.sessionId)}`,
    );
    expect(getCalls).toHaveLength(2);
    for (const request of getCalls) {
      expect(request.headers.apikey === API_KEY, 'the apikey header carries the configured key').toBe(true);
      expect(request.headers.onbehalfof).toBe(ON_BEHALF_OF);
    }
    expect(getCalls.filter((r) => r.headers.prefer === 'code=400')).toHaveLength(1);
  });
});

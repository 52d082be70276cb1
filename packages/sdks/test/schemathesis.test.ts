// schemathesis (pinned in requirements.txt) with all its checks against the Prism mock of the
// bundled spec, serving the examples (static) and responses generated from the schemas (dynamic).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { startMock, type Mock } from '@chatplatform/mock';
import { bundledSpec, packageDir } from '../scripts/lib/paths.mjs';
import { requireVenvTool } from '../scripts/lib/toolchain.mjs';
import { loadBundledSpec } from './support/spec-example.js';

const mockLimitations: Record<string, string> = JSON.parse(
  readFileSync(join(packageDir, 'schemathesis', 'mock-limitations.json'), 'utf8'),
);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operationCount = Object.values<Record<string, unknown>>(loadBundledSpec().paths).flatMap((item) =>
  Object.keys(item).filter((key) => HTTP_METHODS.includes(key)),
).length;

interface Failure {
  code: string;
  title: string;
  operations: string[];
}

function runSchemathesis(url: string, reportDir: string): Promise<{ status: number | null; output: string }> {
  const args = [
    'run', bundledSpec.yaml(),
    '--url', url,
    '--checks', 'all',
    '--header', 'apikey: sdk-schemathesis-key',
    '--seed', '20261122',
    '--max-examples', '30',
    '--generation-database', 'none',
    '--no-color',
    '--report', 'json',
    '--report-dir', reportDir,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(requireVenvTool('schemathesis'), args, { cwd: reportDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

let mock: Mock | undefined;
let reportDir: string | undefined;

afterEach(async () => {
  await mock?.stop();
  if (reportDir) rmSync(reportDir, { recursive: true, force: true });
});

describe.each([
  ['examples (static mock)', false],
  ['schema-generated responses (dynamic mock)', true],
])('schemathesis --checks all against the mock serving %s', (_name, dynamic) => {
  test(`${dynamic ? 'dynamic' : 'static'} mock: tests every operation and finds no failure that is the spec's`, async () => {
    mock = await startMock({ dynamic, seed: 7 });
    reportDir = mkdtempSync(join(tmpdir(), 'sdks-schemathesis-'));
    const { status, output } = await runSchemathesis(mock.url, reportDir);

    const reportFile = readdirSync(reportDir).find((name) => name.endsWith('.json'));
    expect(reportFile, `schemathesis wrote no JSON report (exit ${status}):\n${output}`).toBeDefined();
    const report = JSON.parse(readFileSync(join(reportDir, reportFile!), 'utf8'));

    expect(report.complete, output).toBe(true);
    expect(report.operations.tested, output).toBe(operationCount);
    expect(report.errors, output).toEqual([]);
    expect(report.test_cases.generated).toBeGreaterThan(operationCount);
    const specFailures = (report.failures as Failure[]).filter((failure) => !(failure.code in mockLimitations));
    expect(
      specFailures.map((f) => `${f.code} ${f.title}: ${f.operations.join(', ')}`),
      `failures that are the spec's fault: mend them in spec/:\n${output}`,
    ).toEqual([]);
  });
});

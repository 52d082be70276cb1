// schemathesis (pinned in requirements.txt) with all its checks against the Prism mock of the
// bundled spec, serving the examples (static) and responses generated from the schemas (dynamic).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foldServerPaths, type Mock, startMock } from '@chatplatform/mock';
import { operationsOf } from '@chatplatform/spec';
import { afterEach, describe, expect, test } from 'vitest';
import { bundledSpec, packageDir } from '../../scripts/lib/paths.mjs';
import { requireVenvTool } from '../../scripts/lib/toolchain.mjs';
import { runProcess } from '../support/run-process.js';
import { loadBundledSpec } from '../support/spec-example.js';

interface Limitation {
  code: string;
  message: string;
  why: string;
}
const mockLimitations: Limitation[] = JSON.parse(
  readFileSync(join(packageDir, 'schemathesis', 'mock-limitations.json'), 'utf8'),
).limitations;
const operationCount = operationsOf(loadBundledSpec()).length;
/**
 * A bound on a hang, not a speed goal: schemathesis tries up to 30 cases of each operation, so its
 * time grows with them; three minutes, and 4 s more per operation.
 */
const SCHEMATHESIS_BOUND_MS = 180_000 + operationCount * 4_000;

interface Failure {
  code: string;
  operation: string;
  title: string;
  message: string;
}

/** Every check failure recorded in schemathesis' NDJSON event stream, once each. */
function failuresIn(ndjson: string): Failure[] {
  const found = new Map<string, Failure>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const failure = (node as { failure_info?: { failure?: Failure } }).failure_info?.failure;
    if (failure) found.set(`${failure.code} ${failure.operation} ${failure.message}`, failure);
    for (const value of Object.values(node)) visit(value);
  };
  for (const line of ndjson.split('\n').filter(Boolean)) visit(JSON.parse(line));
  return [...found.values()];
}

const isMockLimitation = (failure: Failure) =>
  mockLimitations.some((l) => l.code === failure.code && new RegExp(l.message).test(failure.message));

/**
 * The mock answers production paths (each server's base path, `/v3` or none, kept), so schemathesis
 * is given the same document with those base paths folded into its paths, and the mock's origin.
 */
function foldedSpec(reportDir: string): string {
  const file = join(reportDir, 'openapi.folded.json');
  writeFileSync(file, JSON.stringify(foldServerPaths(JSON.parse(readFileSync(bundledSpec.json(), 'utf8')))));
  return file;
}

function runSchemathesis(url: string, reportDir: string): Promise<{ status: number | null; output: string }> {
  const args = [
    'run',
    foldedSpec(reportDir),
    '--url',
    url,
    '--checks',
    'all',
    '--header',
    'apikey: sdk-schemathesis-key',
    '--seed',
    '20261122',
    // Keep testing an operation after a failure, so a mock limitation cannot hide a spec fault.
    '--continue-on-failure',
    '--max-examples',
    '30',
    '--generation-database',
    'none',
    '--no-color',
    '--report',
    'json,ndjson',
    '--report-dir',
    reportDir,
  ];
  return runProcess(requireVenvTool('schemathesis'), args, { cwd: reportDir });
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
  test(
    `${dynamic ? 'dynamic' : 'static'} mock: tests every operation and finds no failure that is the spec's`,
    async () => {
      mock = await startMock({ dynamic, seed: 7 });
      reportDir = mkdtempSync(join(tmpdir(), 'sdks-schemathesis-'));
      const { status, output } = await runSchemathesis(mock.url, reportDir);

      const reportFile = (suffix: string) => {
        const name = readdirSync(reportDir!).find((file) => file.endsWith(suffix));
        expect(name, `schemathesis wrote no ${suffix} report (exit ${status}):\n${output}`).toBeDefined();
        return readFileSync(join(reportDir!, name!), 'utf8');
      };
      const report = JSON.parse(reportFile('.json'));
      const failures = failuresIn(reportFile('.ndjson'));

      expect(report.complete, output).toBe(true);
      expect(report.operations.tested, output).toBe(operationCount);
      expect(report.errors, output).toEqual([]);
      expect(report.test_cases.generated).toBeGreaterThan(operationCount);
      // The NDJSON stream holds every failure the summary counts.
      expect(failures.length).toBeGreaterThanOrEqual(report.failures.length);
      const specFailures = failures.filter((failure) => !isMockLimitation(failure));
      expect(
        specFailures.map((f) => `${f.code} ${f.title} on ${f.operation}: ${f.message}`),
        `failures that are the spec's fault: mend them in spec/:\n${output}`,
      ).toEqual([]);
    },
    SCHEMATHESIS_BOUND_MS,
  );
});

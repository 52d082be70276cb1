import type { ValidationSummary } from '../check/validate-recording.js';
import type { ExchangeReport } from '../check/violations.js';
import { describeSource } from '../read/exchange.js';

/**
 * JUnit XML for CI systems: one test suite per operation, one failing test case per violating
 * exchange, and one passing test case per operation standing for its conforming exchanges (a
 * million conforming exchanges stay one line). An input error is an `<error>` test case.
 */
export function formatJunit(summary: ValidationSummary): string {
  const byOperation = new Map<string, ExchangeReport[]>();
  for (const report of summary.reports) {
    const key = report.operationId ?? '(no operation)';
    const listed = byOperation.get(key);
    if (listed) listed.push(report);
    else byOperation.set(key, [report]);
  }
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  for (const [operation, stats] of Object.entries(summary.operations)) {
    const cases: string[] = [];
    const conforming = stats.exchanges - stats.violating;
    const violatingReports = byOperation.get(operation) ?? [];
    if (conforming > 0)
      cases.push(
        `    <testcase classname="${attr(operation)}" name="${conforming} conforming exchange${conforming === 1 ? '' : 's'}"/>`,
      );
    for (const report of violatingReports) {
      const lines = report.violations.map((v) => `${v.pointer}: expected ${v.expected}, found ${v.found}`);
      const message = lines.join('; ');
      cases.push(
        `    <testcase classname="${attr(operation)}" name="${attr(`${describeSource(report.source)}: ${report.method} ${report.path} → ${report.status}`)}">`,
        `      <failure message="${attr(message)}" type="${attr(report.violations[0]?.kind ?? 'violation')}">${text(lines.join('\n'))}</failure>`,
        '    </testcase>',
      );
    }
    const suiteFailures = violatingReports.length;
    const suiteTests = (conforming > 0 ? 1 : 0) + suiteFailures;
    tests += suiteTests;
    failures += suiteFailures;
    suites.push(
      `  <testsuite name="${attr(operation)}" tests="${suiteTests}" failures="${suiteFailures}" errors="0">`,
      ...cases,
      '  </testsuite>',
    );
  }
  if (summary.omitted > 0) {
    // Beyond --max-reports the exchanges are counted, not listed: keep the build red and say so.
    tests += 1;
    failures += 1;
    const message = `${summary.omitted} more violating exchanges not listed (raise --max-reports to list them)`;
    suites.push(...oneCaseSuite('not listed', message, 'failure', message, 'omitted'));
  }
  if (summary.inputError) {
    tests += 1;
    suites.push(...oneCaseSuite('input', summary.input, 'error', summary.inputError.message, 'input-error'));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract: ${attr(summary.input)}" tests="${tests}" failures="${failures}" errors="${summary.inputError ? 1 : 0}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** A suite of one test case that failed (`failure`) or could not run (`error`). */
function oneCaseSuite(
  suite: string,
  name: string,
  outcome: 'failure' | 'error',
  message: string,
  type: string,
): string[] {
  return [
    `  <testsuite name="${attr(suite)}" tests="1" failures="${outcome === 'failure' ? 1 : 0}" errors="${outcome === 'error' ? 1 : 0}">`,
    `    <testcase classname="${attr(suite)}" name="${attr(name)}">`,
    `      <${outcome} message="${attr(message)}" type="${type}"/>`,
    '    </testcase>',
    '  </testsuite>',
  ];
}

// Characters XML 1.0 cannot carry, even escaped: shown as \uXXXX so the report stays valid XML.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it finds.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function text(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
}

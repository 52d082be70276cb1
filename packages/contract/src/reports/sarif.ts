import type { Log, ReportingDescriptor, Result } from 'sarif';
import { describeSource } from '../exchange.js';
import type { ValidationSummary } from '../validate-recording.js';
import type { ExchangeReport, ViolationKind } from '../violations.js';

const RULES: Record<ViolationKind, string> = {
  'unknown-path': 'The request path matches no path of the spec under its servers.',
  'method-not-allowed': 'The path exists in the spec, but not with this HTTP method.',
  server: 'The request went to a server of the spec that does not serve this operation, or over another scheme.',
  'undocumented-status': 'The response status is not documented for the operation.',
  security: "The request lacks the credentials the operation's security requires.",
  request: 'The request departs from its parameters or body schema.',
  response: 'The response departs from its documented headers or body schema.',
};
const RULE_IDS = Object.keys(RULES) as ViolationKind[];

/**
 * SARIF 2.1.0 for code scanning (GitHub shows each result on the recording's line): one result per
 * violation of the listed exchanges, at the NDJSON line (HAR: line 1, the entry named in the
 * message). An input error or an unlisted remainder marks the run as not fully successful.
 */
export function formatSarif(summary: ValidationSummary): string {
  const rules: ReportingDescriptor[] = RULE_IDS.map((id) => ({
    id,
    name: id.replace(/(^|-)(\w)/g, (_m, _dash, c: string) => c.toUpperCase()),
    shortDescription: { text: RULES[id] },
    defaultConfiguration: { level: 'error' },
  }));
  const log: Log = {
    $schema: 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'chatplatform-contract', semanticVersion: '0.1.0', rules } },
        invocations: [invocation(summary)],
        results: summary.reports.flatMap((report) => results(summary.input, report)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function results(input: string, report: ExchangeReport): Result[] {
  const where = `${describeSource(report.source)}: ${report.method} ${report.path} → ${report.status} (${report.operationId ?? 'no operation'})`;
  const found = report.violations.map((v) => ({
    ruleId: v.kind,
    ruleIndex: RULE_IDS.indexOf(v.kind),
    level: 'error' as const,
    message: { text: `${where}: ${v.pointer || '/'}: expected ${v.expected}, found ${v.found}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: input }, region: { startLine: report.source.line ?? 1 } },
        logicalLocations: [
          {
            name: v.pointer || '/',
            fullyQualifiedName: `${report.operationId ?? 'no operation'}${v.pointer}`,
            kind: 'member',
          },
        ],
      },
    ],
    partialFingerprints: {
      exchangeViolation: `${report.operationId ?? ''}|${report.method}|${report.status}|${v.kind}|${v.pointer}`,
    },
  }));
  return found;
}

function invocation(summary: ValidationSummary) {
  const notes = [];
  if (summary.omitted > 0) {
    notes.push({
      level: 'warning' as const,
      message: { text: `${summary.omitted} more violating exchanges not listed (raise --max-reports to list them)` },
    });
  }
  if (summary.inputError) notes.push({ level: 'error' as const, message: { text: summary.inputError.message } });
  return { executionSuccessful: !summary.inputError, toolExecutionNotifications: notes };
}

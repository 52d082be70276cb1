import { existsSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { ValidationSummary } from '../check/validate-recording.js';
import type { ExchangeReport, ViolationKind } from '../check/violations.js';
import { describeSource } from '../read/exchange.js';

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

export interface SarifOptions {
  /** The folder artifact URIs are relative to; default: the git repository holding the working directory. */
  root?: string;
}

/**
 * SARIF 2.1.0 for code scanning (GitHub shows each result on the recording's line): one result per
 * violation of the listed exchanges, at the NDJSON line or the line its HAR entry starts on, the
 * recording named by its path relative to the repository (`%SRCROOT%`), as code scanning requires.
 * An input error or an unlisted remainder marks the run as not fully successful.
 */
export function formatSarif(summary: ValidationSummary, options: SarifOptions = {}): string {
  const uri = artifactUri(summary.input, options.root ?? repositoryRoot(process.cwd()));
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
        results: summary.reports.flatMap((report) => results(uri, report)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function results(uri: string, report: ExchangeReport): Result[] {
  const where = `${describeSource(report.source)}: ${report.method} ${report.path} → ${report.status} (${report.operationId ?? 'no operation'})`;
  const found = report.violations.map((v) => ({
    ruleId: v.kind,
    ruleIndex: RULE_IDS.indexOf(v.kind),
    level: 'error' as const,
    message: { text: `${where}: ${v.pointer || '/'}: expected ${v.expected}, found ${v.found}` },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri, uriBaseId: '%SRCROOT%' },
          region: { startLine: report.source.line ?? 1 },
        },
        logicalLocations: [
          {
            name: v.pointer || '/',
            fullyQualifiedName: `${report.operationId ?? 'no operation'}${v.pointer}`,
            kind: 'member',
          },
        ],
      },
    ],
    // The exchange's place is part of it: the same violation in two exchanges is two alerts, not one.
    partialFingerprints: {
      exchangeViolation: `${describeSource(report.source)}|${report.operationId ?? ''}|${report.method}|${report.status}|${v.kind}|${v.pointer}`,
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

/**
 * The recording's URI relative to `root`, each segment percent-encoded: an absolute path is no
 * valid artifact location for code scanning. A name that is no file (stdin, a stream's name) is
 * kept as it is.
 */
function artifactUri(input: string, root: string): string {
  const path = resolve(input);
  if (!existsSync(path)) return input;
  const inRoot = relative(root, path);
  const shown = inRoot.startsWith('..') || isAbsolute(inRoot) ? relative(process.cwd(), path) : inRoot;
  return shown.split(sep).map(encodeURIComponent).join('/');
}

/** The nearest folder from `from` upwards that holds `.git`; `from` itself when there is none. */
function repositoryRoot(from: string): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(resolve(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return resolve(from);
  }
}

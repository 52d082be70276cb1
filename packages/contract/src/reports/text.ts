import type { ValidationSummary } from '../check/validate-recording.js';
import type { ExchangeReport } from '../check/violations.js';
import { describeSource } from '../read/exchange.js';

/** One violating exchange, readable: where it was, its operation, then pointer / expected / found. */
export function formatExchangeText(report: ExchangeReport): string {
  const operation = report.operationId ?? 'no operation';
  const lines = [
    `✗ ${describeSource(report.source)}: ${report.method} ${report.path} → ${report.status} (${operation})`,
  ];
  for (const v of report.violations) {
    lines.push(`    ${v.pointer || '/'}`, `      expected: ${v.expected}`, `      found:    ${v.found}`);
  }
  for (const what of report.unchecked ?? []) lines.push(`    (${what}: not checked)`);
  return lines.join('\n');
}

export function formatSummaryText(summary: ValidationSummary): string {
  const spec = `${summary.spec.title} ${summary.spec.version}`.trim();
  const lines = [
    `${summary.exchanges} exchange${summary.exchanges === 1 ? '' : 's'} from ${summary.input} checked against ${spec}: ` +
      `${summary.conforming} conform, ${summary.violating} with violations (${summary.violations} violation${summary.violations === 1 ? '' : 's'}).`,
  ];
  for (const [operation, stats] of Object.entries(summary.operations)) {
    lines.push(`  ${operation}: ${stats.exchanges} checked, ${stats.violating} with violations`);
  }
  lines.push(...notChecked(summary));
  if (summary.omitted > 0)
    lines.push(`  (${summary.omitted} violating exchanges not listed: raise --max-reports to see them)`);
  if (summary.inputError) {
    const where = summary.inputError.where ? ` at ${summary.inputError.where}` : '';
    lines.push(`Stopped${where}: the input could not be read further (exit 2).`);
  }
  return lines.join('\n');
}

/** What was read but not checked, each with why. */
function notChecked(summary: ValidationSummary): string[] {
  const lines: string[] = [];
  const n = (count: number, what: string) => `${count} ${what}${count === 1 ? '' : 's'}`;
  if (summary.bodiesNotRecorded > 0)
    lines.push(
      `  ${n(summary.bodiesNotRecorded, 'exchange')} with a body not recorded (HAR content with a size and no text): those bodies not checked`,
    );
  if (summary.clientFailures > 0)
    lines.push(
      `  ${n(summary.clientFailures, 'request')} the client never completed (HAR status 0 or _error, e.g. net::ERR_FAILED): client-side failures, not checked`,
    );
  if (summary.skipped > 0) lines.push(`  ${n(summary.skipped, 'exchange')} sent outside the --server URLs: skipped`);
  return lines;
}

/** The whole report as text (the CLI streams the same pieces as they come). */
export function formatText(summary: ValidationSummary): string {
  return `${[...summary.reports.map(formatExchangeText), formatSummaryText(summary)].join('\n\n')}\n`;
}

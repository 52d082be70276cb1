import type { ExchangeReport } from '../violations.js';

/** An exchange the upstream did not complete: refused, reset, timed out, or too large to check. */
export interface UpstreamFailure {
  method: string;
  /** Path without the query string (query values may carry keys). */
  path: string;
  /** What went wrong, e.g. `connection refused (ECONNREFUSED)`; never carries request data. */
  reason: string;
  /** The status the proxy answered the caller with (502/504), or the upstream's when it was sent. */
  status: number;
}

export interface ProxySummary {
  /** Exchanges validated (upstream answered in full). */
  exchanges: number;
  conforming: number;
  violating: number;
  violations: number;
  /** Exchanges the upstream failed; they count against the run. */
  failed: number;
  /** The first `maxReports` violating exchanges and failures; `omitted` counts the rest. */
  reports: ExchangeReport[];
  failures: UpstreamFailure[];
  omitted: number;
}

/** Running counts with at most `maxReports` exchanges kept, so memory stays flat. */
export class ProxyTally {
  private readonly summary: ProxySummary = {
    exchanges: 0,
    conforming: 0,
    violating: 0,
    violations: 0,
    failed: 0,
    reports: [],
    failures: [],
    omitted: 0,
  };

  constructor(private readonly maxReports: number) {}

  addReport(report: ExchangeReport): void {
    const s = this.summary;
    s.exchanges++;
    if (report.violations.length === 0) {
      s.conforming++;
      return;
    }
    s.violating++;
    s.violations += report.violations.length;
    if (this.kept() < this.maxReports) s.reports.push(report);
    else s.omitted++;
  }

  addFailure(failure: UpstreamFailure): void {
    this.summary.failed++;
    if (this.kept() < this.maxReports) this.summary.failures.push(failure);
    else this.summary.omitted++;
  }

  /** Exchanges seen so far, validated or failed. */
  get seen(): number {
    return this.summary.exchanges + this.summary.failed;
  }

  snapshot(): ProxySummary {
    return { ...this.summary, reports: [...this.summary.reports], failures: [...this.summary.failures] };
  }

  private kept(): number {
    return this.summary.reports.length + this.summary.failures.length;
  }
}

/** 0: every exchange validated and conformed; 1: a violation or an upstream failure; 2: nothing validated. */
export function proxyExitCode(summary: ProxySummary): 0 | 1 | 2 {
  if (summary.violating > 0 || summary.failed > 0) return 1;
  return summary.exchanges === 0 ? 2 : 0;
}

export function formatFailure(failure: UpstreamFailure): string {
  return `✗ ${failure.method} ${failure.path} → ${failure.status}: upstream ${failure.reason}`;
}

export function formatProxySummary(summary: ProxySummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `Validating proxy stopped: ${plural(summary.exchanges, 'exchange')} validated, ${summary.violating} with violations, ${summary.failed} upstream failure${summary.failed === 1 ? '' : 's'}.`,
  ];
  for (const report of summary.reports) {
    for (const v of report.violations) {
      lines.push(`  ${report.method} ${report.path} → ${report.status}: ${v.kind} ${v.pointer}: expected ${v.expected}, found ${v.found}`);
    }
  }
  for (const failure of summary.failures) lines.push(`  ${formatFailure(failure)}`);
  if (summary.omitted > 0) lines.push(`  … ${summary.omitted} more not listed (--max-reports)`);
  if (summary.exchanges === 0) lines.push('No exchange was validated: send traffic through the proxy before stopping it.');
  return `${lines.join('\n')}\n`;
}

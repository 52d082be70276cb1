import type { ProxyOutcome, ProxySummary } from '../proxy/validating-proxy.js';

/** One violating or failed exchange, as the proxy prints it when it happens and in its summary. */
export function formatProxyOutcome(outcome: ProxyOutcome): string {
  if (outcome.kind === 'failed') return `✗ #${outcome.index} ${outcome.method} ${outcome.path}: ${outcome.reason}`;
  const { report } = outcome;
  const lines = report.violations.map((v) => `    ${v.pointer}: expected ${v.expected}, found ${v.found}`);
  return [
    `✗ #${report.index} ${report.method} ${report.path} → ${report.status} (${report.operationId ?? 'no operation'})`,
    ...lines,
  ].join('\n');
}

/** The proxy's summary when it stops: counts, why nothing was validated if so, the kept exchanges. */
export function formatProxySummary(summary: ProxySummary): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `Validating proxy stopped: ${plural(summary.exchanges, 'exchange')}, ${summary.conforming} conforming, ` +
      `${summary.violating} with violations, ${summary.failed} failed (upstream, or refused by the proxy).`,
  ];
  if (summary.exchanges === 0) lines.push('Nothing was validated: no request reached the proxy. That is not a pass.');
  else if (summary.conforming === 0 && summary.violating === 0)
    lines.push('Nothing was validated: every exchange failed upstream or was refused by the proxy.');
  for (const outcome of summary.reports) lines.push(formatProxyOutcome(outcome));
  if (summary.omitted > 0) lines.push(`(${summary.omitted} more not listed; --max-reports)`);
  return `${lines.join('\n')}\n`;
}

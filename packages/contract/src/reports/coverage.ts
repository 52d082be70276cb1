import type { CoverageReport } from '../check/coverage.js';

/** Coverage as text: totals, then per operation what was not exercised. */
export function formatCoverageText(coverage: CoverageReport): string {
  const pct = (t: { documented: number; exercised: number }) =>
    `${t.exercised}/${t.documented}${t.documented ? ` (${Math.round((100 * t.exercised) / t.documented)} %)` : ''}`;
  const lines = [
    `Coverage: operations ${pct(coverage.operations)}, status codes ${pct(coverage.statuses)}, parameters ${pct(coverage.parameters)}, response properties ${pct(coverage.properties)}.`,
  ];
  for (const [id, op] of Object.entries(coverage.byOperation)) {
    if (op.exchanges === 0) {
      lines.push(`  ${id}: not exercised`);
      continue;
    }
    const missing = (['statuses', 'parameters', 'properties'] as const)
      .filter((k) => op[k].missing.length > 0)
      .map((k) => `${k} ${op[k].missing.join(', ')}`);
    lines.push(
      `  ${id}: ${op.exchanges} exchange${op.exchanges === 1 ? '' : 's'}${missing.length ? `; not exercised: ${missing.join('; ')}` : '; everything exercised'}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

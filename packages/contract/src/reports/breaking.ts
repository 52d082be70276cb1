import type { BreakingResult, Finding } from '../breaking/gate.js';

const LABELS: Record<Finding['rating'], string> = {
  breaking: 'BREAKING',
  'generated-code': 'GENERATED-CODE',
  'not-breaking': 'NOT-BREAKING',
};

/** The gate's text report: each finding with its rating and why, the verdict, what to move. */
export function formatBreakingText(result: BreakingResult): string {
  const lines = [
    `Breaking-change check: ${result.base.label} [${result.base.version}] → ${result.revision.label} [${result.revision.version}]`,
    `  oasdiff ${result.oasdiff}`,
  ];
  for (const change of [...result.breaking, ...result.notBreaking]) {
    const level = change.oasdiffLevel ? `, oasdiff ${change.oasdiffLevel}` : '';
    lines.push(
      `  ${LABELS[change.rating]} ${change.where}: ${change.text} [${change.id}${level}]`,
      `      why: ${change.why}`,
    );
  }
  lines.push(`${result.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${result.reason}.`);
  for (const move of result.moves) lines.push(`  move ${move.where}: ${move.from} → ${move.to}`);
  return `${lines.join('\n')}\n`;
}

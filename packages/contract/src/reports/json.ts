import type { ValidationSummary } from '../check/validate-recording.js';

/** The summary as JSON: counts, per-operation stats, the violating exchanges and any input error. */
export function formatJson(summary: ValidationSummary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}

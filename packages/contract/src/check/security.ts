import type { Headers } from '../read/exchange.js';
import type { OperationPlan, SecurityCheck } from './operation-plan.js';
import type { Violation } from './violations.js';

/** The operation's security: the credentials of one alternative at least were sent (their values are never read). */
export function checkSecurity(
  plan: OperationPlan,
  headers: Headers,
  query: URLSearchParams | undefined,
  out: Violation[],
): void {
  const meets = (requirement: SecurityCheck[]) => requirement.every((check) => check.present(headers, query));
  if (plan.security.length === 0 || plan.security.some(meets)) return;
  const alternatives = plan.security.map((requirement) => requirement.map((c) => c.label).join(' and '));
  const first = plan.security[0]?.find((check) => !check.present(headers, query));
  out.push({
    kind: 'security',
    pointer: first?.pointer ?? '/request',
    expected: alternatives.length === 1 ? `${alternatives[0]}` : `one of: ${alternatives.join(' | ')}`,
    // The credential's value is never read into a report: only its absence is.
    found: 'absent',
  });
}

import type { Exchange } from '../read/exchange.js';
import { checkBody } from './body.js';
import type { OperationPlan, ResponsePlan } from './operation-plan.js';
import { checkWireValue } from './params.js';
import type { SchemaValidators } from './schema-validators.js';
import type { ExchangeReport } from './violations.js';

/** The response against the one documented for its status: its headers, then its body. */
export function checkResponse(
  plan: OperationPlan,
  method: string,
  response: Exchange['response'],
  report: ExchangeReport,
  schemas: SchemaValidators,
): void {
  const out = report.violations;
  const status = response.status;
  const responsePlan = responseFor(plan, status);
  if (!responsePlan) {
    out.push({
      kind: 'undocumented-status',
      pointer: '/response/status',
      expected: `one of ${plan.documentedStatuses.join(', ')}`,
      found: `${status} (undocumented)`,
    });
    return;
  }
  for (const header of responsePlan.headers) {
    const value = response.headers[header.key];
    if (value !== undefined) checkWireValue('response', header, value, schemas, out);
    else if (header.required)
      out.push({ kind: 'response', pointer: header.pointer, expected: 'required header', found: 'absent' });
  }
  const noBodyExpected = method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);
  if (responsePlan.body === null || noBodyExpected) return;
  checkBody('response', responsePlan.body, response, report, schemas);
}

/** The response documented for `status`: exact code, then its range (`2XX`), then `default`. */
function responseFor(plan: OperationPlan, status: number): ResponsePlan | undefined {
  const key = String(status);
  return plan.responses.get(key) ?? plan.responses.get(`${key[0]}XX`) ?? plan.responses.get('default');
}

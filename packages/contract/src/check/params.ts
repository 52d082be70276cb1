import type { Headers } from '../read/exchange.js';
import type { ParamPlan } from './operation-plan.js';
import type { SchemaValidators } from './schema-validators.js';
import { preview, schemaViolations, type Violation } from './violations.js';

/** The path, query and header parameters of a request: required ones present, each value against its schema. */
export function checkParams(
  params: ParamPlan[],
  values: { path: Record<string, string>; headers: Headers; query: URLSearchParams | undefined },
  schemas: SchemaValidators,
  out: Violation[],
): void {
  for (const param of params) {
    const value =
      param.in === 'path'
        ? values.path[param.name]
        : param.in === 'header'
          ? values.headers[param.key]
          : (values.query?.get(param.name) ?? undefined);
    if (value === undefined) {
      if (param.required)
        out.push({
          kind: 'request',
          pointer: param.pointer,
          expected: `required ${param.in} parameter`,
          found: 'absent',
        });
      continue;
    }
    checkWireValue('request', param, value, schemas, out);
  }
}

/** A parameter or header value as sent (a string), against its schema with type coercion. */
export function checkWireValue(
  kind: 'request' | 'response',
  plan: ParamPlan,
  value: string,
  schemas: SchemaValidators,
  out: Violation[],
): void {
  if (!plan.schemaPointer) return;
  plan.validate ??= schemas.param(plan.schemaPointer);
  const validate = plan.validate;
  if (validate({ value })) return;
  for (const v of schemaViolations(kind, plan.pointer, value, rebase(validate.errors ?? []))) {
    out.push({ ...v, found: preview(value, plan.name) });
  }
}

/** Parameter validators see `{ value }`: drop the `/value` prefix from Ajv's instance paths. */
function rebase<T extends { instancePath: string }>(errors: T[]): T[] {
  return errors.map((e) => ({ ...e, instancePath: e.instancePath.replace(/^\/value/, '') }));
}

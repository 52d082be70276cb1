import { valueAtPointer } from '@chatplatform/spec';
import type { ExchangeSource } from '../read/exchange.js';
import { escapePointer } from '../read/spec-document.js';
import type { ErrorObject } from './schema-validators.js';

export type ViolationKind =
  | 'unknown-path'
  | 'method-not-allowed'
  | 'server'
  | 'undocumented-status'
  | 'security'
  | 'request'
  | 'response';

/** One way an exchange departs from the spec. `pointer` addresses the recorded exchange. */
export interface Violation {
  kind: ViolationKind;
  /** JSON Pointer into the exchange: `/request/headers/apikey`, `/response/body/data`, … */
  pointer: string;
  expected: string;
  found: string;
}

/** The verdict on one recorded exchange. */
export interface ExchangeReport {
  /** 1-based position of the exchange in the input. */
  index: number;
  source: ExchangeSource;
  method: string;
  /** The URL's path, without query string (query values may carry keys). */
  path: string;
  status: number;
  /** `null` when the exchange matched no operation. */
  operationId: string | null;
  violations: Violation[];
  /** What could not be checked, e.g. `response body not recorded`; absent when everything was. */
  unchecked?: string[];
}

// Values under these names are never printed, wherever they appear (headers, bodies, queries).
// Any name containing `key` (apikey, privateKey, sessionKey…) counts: a value hidden in error beats a leak.
const SECRET_NAME = /(key|secret|token|passw|^pwd?$|credential|authorization|cookie|signature)/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A short, printable description of a found value. */
export function preview(value: unknown, name = ''): string {
  if (value === undefined) return 'absent';
  if (isSecretName(name)) return '(redacted)';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array (${value.length} items)`;
  if (typeof value === 'object') return 'object';
  const text = JSON.stringify(value);
  const shown = text.length > 60 ? `${text.slice(0, 57)}…` : text;
  return `${typeof value} ${shown}`;
}

/** Turns Ajv errors into violations addressed below `base` (e.g. `/response/body`). */
export function schemaViolations(kind: ViolationKind, base: string, data: unknown, errors: ErrorObject[]): Violation[] {
  const out: Violation[] = [];
  for (const error of errors) {
    // `if` only says that a `then` branch failed; the `then` error itself is reported.
    if (error.keyword === 'if') continue;
    let pointer = error.instancePath;
    let expected: string;
    let found: string | undefined;
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'required':
        pointer += `/${escapePointer(String(params.missingProperty))}`;
        expected = 'required property';
        found = 'absent';
        break;
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const name = String(params.additionalProperty ?? params.unevaluatedProperty);
        pointer += `/${escapePointer(name)}`;
        expected = 'no property not declared by the schema';
        found = 'present';
        break;
      }
      case 'type':
        expected = `type ${String(params.type)}`;
        break;
      case 'enum':
        expected = `one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
        break;
      case 'const':
        expected = `constant ${JSON.stringify(params.allowedValue)}`;
        break;
      case 'format':
        expected = `format ${String(params.format)}`;
        break;
      case 'pattern':
        expected = `pattern ${String(params.pattern)}`;
        break;
      default:
        expected = `${error.keyword}: ${error.message ?? 'schema constraint'}`;
    }
    // A value anywhere below a secret-looking name (credentials/user) is as secret as the name's own.
    const secretToken = pointer.split('/').find((token) => token !== '' && isSecretName(token)) ?? '';
    found ??= preview(valueAtPointer(data, error.instancePath), secretToken);
    out.push({ kind, pointer: base + pointer, expected, found });
  }
  return out;
}

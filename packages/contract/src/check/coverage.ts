import { HTTP_METHODS } from '@chatplatform/spec';
import { type Exchange, splitUrl } from '../read/exchange.js';
import { deref, escapePointer, isObject, type OpenApiDocument } from '../read/spec-document.js';
import type { ExchangeReport } from './violations.js';

/** Depth of nested response properties listed (data/0/sessionId is depth 2 below the array). */
const MAX_DEPTH = 4;

interface Item {
  documented: string[];
  exercised: Set<string>;
}
interface OperationCoverage {
  exchanges: number;
  statuses: Item;
  parameters: Item;
  properties: Item;
}

export interface CoverageReport {
  operations: { documented: number; exercised: number };
  statuses: { documented: number; exercised: number };
  parameters: { documented: number; exercised: number };
  properties: { documented: number; exercised: number };
  /** Per operationId: what the spec documents and which of it the traffic exercised. */
  byOperation: Record<
    string,
    { exchanges: number } & Record<
      'statuses' | 'parameters' | 'properties',
      { documented: string[]; missing: string[] }
    >
  >;
}

/**
 * What the traffic exercised of the spec: operations, documented status codes, parameters
 * (`in:name`) and response body properties (`status /path/*\/name`, arrays as `*`).
 */
export class CoverageCollector {
  private readonly operations = new Map<string, OperationCoverage>();

  constructor(private readonly doc: OpenApiDocument) {
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of HTTP_METHODS) {
        const operation = isObject(item) ? item[method] : undefined;
        if (!isObject(operation)) continue;
        const pointer = `/paths/${escapePointer(path)}/${method}`;
        const id =
          typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path}`;
        this.operations.set(id, this.catalogue(operation, item as Record<string, unknown>, pointer));
      }
    }
  }

  /** Records one checked exchange; `report.operationId` says which operation it exercised. */
  add(exchange: Exchange, report: ExchangeReport): void {
    const coverage = report.operationId ? this.operations.get(report.operationId) : undefined;
    if (!coverage) return;
    coverage.exchanges++;
    const status = String(report.status);
    const documented =
      coverage.statuses.documented.find((s) => s === status) ??
      coverage.statuses.documented.find((s) => s === `${status[0]}XX`) ??
      (coverage.statuses.documented.includes('default') ? 'default' : undefined);
    if (documented) coverage.statuses.exercised.add(documented);
    const query = new URLSearchParams(splitUrl(exchange.request.url).query);
    for (const param of coverage.parameters.documented) {
      const [where, name] = [param.slice(0, param.indexOf(':')), param.slice(param.indexOf(':') + 1)];
      const seen =
        where === 'path' ||
        (where === 'query'
          ? query.has(name)
          : where === 'header' && exchange.request.headers[name.toLowerCase()] !== undefined);
      if (seen) coverage.parameters.exercised.add(param);
    }
    if (documented) collectPaths(parsed(exchange.response.body), `${documented} `, 0, coverage.properties.exercised);
  }

  report(): CoverageReport {
    const totals = {
      operations: { documented: this.operations.size, exercised: 0 },
      statuses: zero(),
      parameters: zero(),
      properties: zero(),
    };
    const byOperation: CoverageReport['byOperation'] = {};
    for (const [id, coverage] of this.operations) {
      if (coverage.exchanges > 0) totals.operations.exercised++;
      const entry = { exchanges: coverage.exchanges } as CoverageReport['byOperation'][string];
      for (const kind of ['statuses', 'parameters', 'properties'] as const) {
        const { documented, exercised } = coverage[kind];
        const missing = documented.filter((d) => !exercised.has(d));
        totals[kind].documented += documented.length;
        totals[kind].exercised += documented.length - missing.length;
        entry[kind] = { documented, missing };
      }
      byOperation[id] = entry;
    }
    return { ...totals, byOperation };
  }

  private catalogue(
    operation: Record<string, unknown>,
    pathItem: Record<string, unknown>,
    pointer: string,
  ): OperationCoverage {
    const parameters = new Set<string>();
    for (const list of [pathItem.parameters, operation.parameters]) {
      if (!Array.isArray(list)) continue;
      for (const raw of list) {
        const { value } = deref(this.doc, raw, pointer);
        if (typeof value.in === 'string' && typeof value.name === 'string') parameters.add(`${value.in}:${value.name}`);
      }
    }
    const responses = isObject(operation.responses) ? operation.responses : {};
    const properties = new Set<string>();
    for (const [status, raw] of Object.entries(responses)) {
      const { value: response } = deref(this.doc, raw, pointer);
      const key = status === 'default' ? 'default' : status.toUpperCase();
      const content = isObject(response.content) ? Object.values(response.content) : [];
      for (const media of content)
        if (isObject(media)) schemaPaths(this.doc, media.schema, `${key} `, 0, properties, new Set());
    }
    return {
      exchanges: 0,
      statuses: {
        documented: Object.keys(responses).map((s) => (s === 'default' ? s : s.toUpperCase())),
        exercised: new Set(),
      },
      parameters: { documented: [...parameters], exercised: new Set() },
      properties: { documented: [...properties], exercised: new Set() },
    };
  }
}

function zero() {
  return { documented: 0, exercised: 0 };
}

/** Property paths a schema declares, through $ref, allOf/anyOf/oneOf and array items. */
function schemaPaths(
  doc: OpenApiDocument,
  schema: unknown,
  prefix: string,
  depth: number,
  out: Set<string>,
  seen: Set<unknown>,
): void {
  if (!isObject(schema) || depth > MAX_DEPTH || seen.has(schema)) return;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#')) {
    const target = deref(doc, schema, '').value;
    schemaPaths(doc, target, prefix, depth, out, new Set([...seen, schema]));
    return;
  }
  const inner = new Set([...seen, schema]);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const part of list) schemaPaths(doc, part, prefix, depth, out, inner);
  }
  if (schema.items !== undefined) schemaPaths(doc, schema.items, `${prefix}/*`, depth, out, inner);
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      const path = `${prefix}/${escapePointer(name)}`;
      out.add(path);
      schemaPaths(doc, child, path, depth + 1, out, inner);
    }
  }
}

/** Property paths present in a body, arrays as `*`, to the same depth as {@link schemaPaths}. */
function collectPaths(value: unknown, prefix: string, depth: number, out: Set<string>): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    // The first items stand for the array: coverage must not cost time in proportion to a huge body.
    for (const item of value.slice(0, 20)) collectPaths(item, `${prefix}/*`, depth, out);
  } else if (isObject(value)) {
    for (const [name, child] of Object.entries(value)) {
      const path = `${prefix}/${escapePointer(name)}`;
      out.add(path);
      collectPaths(child, path, depth + 1, out);
    }
  }
}

function parsed(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch {
    return undefined;
  }
}

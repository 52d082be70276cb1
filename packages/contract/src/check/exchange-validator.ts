import { type Exchange, type ExchangeSource, type Headers, originOf, splitUrl } from '../read/exchange.js';
import { type OperationRef, OperationRouter, upperCaseMethod } from '../route/operation-router.js';
import { type OperationOrigins, ServerOrigins } from '../route/server-origins.js';
import {
  deref,
  escapePointer,
  isObject,
  loadSpec,
  type OpenApiDocument,
  type SecurityRequirement,
} from '../spec-document.js';
import { type ErrorObject, SchemaValidators, type ValidateFunction } from './schema-validators.js';
import { type ExchangeReport, preview, schemaViolations, type Violation } from './violations.js';

interface ParamPlan {
  name: string;
  in: 'path' | 'query' | 'header';
  /** The lower-cased name a header is recorded under. */
  key: string;
  /** Where the value is in the exchange, e.g. `/request/headers/x-trace`; built once, not per exchange. */
  pointer: string;
  required: boolean;
  schemaPointer?: string;
  /** The compiled schema, kept here on first use so that no exchange looks it up by pointer. */
  validate?: ValidateFunction;
}

interface MediaPlan {
  mediaType: string;
  /** Decided once when the plan is built, not per exchange. */
  isJson: boolean;
  schemaPointer?: string;
  validate?: ValidateFunction;
}

/** A body's documented media types, and the Content-Type values seen so far with the media type each matched. */
interface BodyPlan {
  required: boolean;
  content: MediaPlan[];
  seen: Map<string, MediaPlan | undefined>;
  /** The Content-Type value matched last: traffic mostly repeats one, compared faster than hashed. */
  lastHeader?: string;
  lastMedia?: MediaPlan;
}

interface ResponsePlan {
  headers: ParamPlan[];
  /** `null`: the spec documents no body for this response. */
  body: BodyPlan | null;
}

interface SecurityCheck {
  label: string;
  /** Where the credential belongs in the exchange, e.g. `/request/headers/apikey`. */
  pointer: string;
  present: (headers: Headers, query: URLSearchParams | undefined) => boolean;
}

interface OperationPlan {
  ref: OperationRef;
  /** The origins of its servers; absent when they are relative. */
  origins?: OperationOrigins;
  params: ParamPlan[];
  hasQueryParams: boolean;
  /** Alternatives (OR) of requirements (AND); empty: no security. */
  security: SecurityCheck[][];
  requestBody?: BodyPlan;
  responses: Map<string, ResponsePlan>;
  /** The response documented for each status seen (`null`: none), so that it is looked up once per status. */
  byStatus: Map<number, ResponsePlan | null>;
  documentedStatuses: string[];
}

/** Distinct statuses and Content-Type values remembered per operation: traffic repeats a handful of them. */
const MAX_REMEMBERED = 64;

export interface ValidatorOptions {
  /** Path of an OpenAPI document; default: the bundled spec of @chatplatform/spec. */
  spec?: string;
}

/**
 * Checks recorded exchanges against the spec: the operation by method and path template, the
 * request's parameters, required headers and security header, and the response against the schema
 * documented for its status (exact code, then `2XX`-style range, then `default`).
 */
/** Schema violations listed per body; the rest are counted in one closing violation. */
export const MAX_BODY_VIOLATIONS = 100;

export class ExchangeValidator {
  readonly doc: OpenApiDocument;
  private readonly router: OperationRouter;
  private readonly schemas: SchemaValidators;
  private readonly servers: ServerOrigins;
  private readonly plans = new Map<string, OperationPlan>();

  constructor(docOrOptions: OpenApiDocument | ValidatorOptions = {}) {
    this.doc = 'openapi' in docOrOptions ? docOrOptions : loadSpec(docOrOptions.spec);
    this.router = new OperationRouter(this.doc);
    this.schemas = new SchemaValidators(this.doc);
    this.servers = new ServerOrigins(this.doc);
  }

  validate(exchange: Exchange, source: ExchangeSource = {}, index = 0): ExchangeReport {
    const { request, response } = exchange;
    const method = upperCaseMethod(request.method);
    const { pathname, query } = splitUrl(request.url);
    const report: ExchangeReport = {
      index,
      source,
      method,
      path: pathname,
      status: response.status,
      operationId: null,
      violations: [],
    };
    const route = this.router.match(method, pathname);
    if (route.kind === 'unknown-path') {
      // Shown with its host: a recording of a whole page holds other hosts' paths.
      const where = `${originOf(request.url)}${pathname}`;
      report.violations.push({
        kind: 'unknown-path',
        pointer: '/request/url',
        expected: 'a path of the spec under one of its servers',
        found: route.hint ? `${where} (${route.hint})` : where,
      });
      return report;
    }
    if (route.kind === 'method-not-allowed') {
      report.violations.push({
        kind: 'method-not-allowed',
        pointer: '/request/method',
        expected: `one of ${route.allowed.join(', ')} (documented for ${route.pathTemplate})`,
        found: method,
      });
      return report;
    }
    const plan = this.plan(route.operation);
    report.operationId = plan.ref.operationId;
    if (plan.origins) this.checkOrigin(plan.origins, request.url, report.violations);
    const queryParams = plan.hasQueryParams || query.includes('=') ? new URLSearchParams(query) : undefined;
    this.checkSecurity(plan, request.headers, queryParams, report.violations);
    this.checkParams(plan.params, route.pathParams, request.headers, queryParams, report.violations);
    if (plan.requestBody) this.checkBody('request', plan.requestBody, request, report);
    this.checkResponse(plan, method, response, report);
    return report;
  }

  /** A request sent to one of the spec's servers that does not serve this operation (or over another scheme). */
  private checkOrigin(origins: OperationOrigins, url: string, out: Violation[]): void {
    const origin = this.servers.misdirected(origins, url);
    if (origin !== undefined)
      out.push({ kind: 'server', pointer: '/request/url', expected: origins.expected, found: origin });
  }

  private checkSecurity(
    plan: OperationPlan,
    headers: Headers,
    query: URLSearchParams | undefined,
    out: Violation[],
  ): void {
    if (plan.security.length === 0 || meetsAny(plan.security, headers, query)) return;
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

  private checkParams(
    params: ParamPlan[],
    pathParams: Record<string, string>,
    headers: Headers,
    query: URLSearchParams | undefined,
    out: Violation[],
  ): void {
    for (const param of params) {
      const value =
        param.in === 'path'
          ? pathParams[param.name]
          : param.in === 'header'
            ? headers[param.key]
            : (query?.get(param.name) ?? undefined);
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
      this.checkWireValue('request', param, value, out);
    }
  }

  /** A parameter or header value as sent (a string), against its schema with type coercion. */
  private checkWireValue(kind: 'request' | 'response', plan: ParamPlan, value: string, out: Violation[]): void {
    if (!plan.schemaPointer) return;
    plan.validate ??= this.schemas.param(plan.schemaPointer);
    const validate = plan.validate;
    if (validate({ value })) return;
    for (const v of schemaViolations(kind, plan.pointer, value, rebase(validate.errors ?? []))) {
      out.push({ ...v, found: preview(value, plan.name) });
    }
  }

  private checkResponse(plan: OperationPlan, method: string, response: Exchange['response'], report: ExchangeReport) {
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
      if (value === undefined) {
        if (header.required)
          out.push({ kind: 'response', pointer: header.pointer, expected: 'required header', found: 'absent' });
        continue;
      }
      this.checkWireValue('response', header, value, out);
    }
    const noBodyExpected = method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200);
    if (responsePlan.body === null || noBodyExpected) return;
    this.checkBody('response', responsePlan.body, response, report);
  }

  private checkBody(
    side: 'request' | 'response',
    plan: BodyPlan,
    message: Exchange['request'] | Exchange['response'],
    report: ExchangeReport,
  ): void {
    const { content, required } = plan;
    const out = report.violations;
    const rawBody = message.body;
    const contentType = message.headers['content-type'];
    // `null` is a JSON body (the literal null), checked like any other; only no value is no body.
    const absent = rawBody === undefined || rawBody === '';
    if (absent && message.bodyNotRecorded) {
      report.unchecked = [...(report.unchecked ?? []), `${side} body not recorded`];
      return;
    }
    if (absent) {
      if (required && content.length > 0) {
        out.push({
          kind: side,
          pointer: `/${side}/body`,
          expected: `a body (${content.map((m) => m.mediaType).join(' or ')})`,
          found: 'no body',
        });
      }
      return;
    }
    const media = this.mediaOf(side, plan, contentType, rawBody, out);
    if (!media?.schemaPointer || !media.isJson) return;
    let body = rawBody;
    if (typeof rawBody === 'string') {
      try {
        // A leading byte-order mark is ignored (RFC 8259 allows it), the same whether NDJSON or HAR carried the text.
        body = JSON.parse(rawBody.charCodeAt(0) === 0xfeff ? rawBody.slice(1) : rawBody);
      } catch {
        out.push({
          kind: side,
          pointer: `/${side}/body`,
          expected: `JSON (${media.mediaType})`,
          found: 'text that is not valid JSON',
        });
        return;
      }
    }
    media.validate ??= this.schemas.body(media.schemaPointer);
    const validate = media.validate;
    if (!validate(body)) pushBodyViolations(side, body, validate.errors ?? [], out);
  }

  /**
   * The documented media type a body is checked as, from its Content-Type; `undefined` (with a
   * violation) when the Content-Type is not documented. A server must say what it sent: a response
   * body without Content-Type is a violation. A request's is inferred (recorded requests often come
   * without headers). Either way the body is then checked as the documented media type (a parsed
   * value implies JSON).
   */
  private mediaOf(
    side: 'request' | 'response',
    plan: BodyPlan,
    contentType: string | undefined,
    rawBody: unknown,
    out: Violation[],
  ): MediaPlan | undefined {
    const { content } = plan;
    if (contentType === undefined) {
      if (side === 'response') {
        out.push({
          kind: side,
          pointer: '/response/headers/content-type',
          expected: content.map((m) => m.mediaType).join(' or '),
          found: 'absent',
        });
      }
      return typeof rawBody === 'string' ? content[0] : (content.find((m) => m.isJson) ?? content[0]);
    }
    const media = matchMediaType(plan, contentType);
    if (!media) {
      out.push({
        kind: side,
        pointer: `/${side}/headers/content-type`,
        expected: content.map((m) => m.mediaType).join(' or '),
        found: contentType,
      });
    }
    return media;
  }

  private plan(ref: OperationRef): OperationPlan {
    let plan = this.plans.get(ref.pointer);
    if (!plan) {
      plan = this.buildPlan(ref);
      this.plans.set(ref.pointer, plan);
    }
    return plan;
  }

  private buildPlan(ref: OperationRef): OperationPlan {
    const operation = deref(this.doc, { $ref: `#${ref.pointer}` }, ref.pointer).value;
    const pathItem = deref(this.doc, { $ref: `#${ref.pathItemPointer}` }, ref.pathItemPointer).value;
    const params = this.paramPlans(ref, pathItem, operation);
    const requestBody = this.requestBodyPlan(ref, operation);
    const rawResponses = isObject(operation.responses) ? operation.responses : {};
    const origins = this.servers.forOperation(ref.servers);
    return {
      ref,
      ...(origins ? { origins } : {}),
      params,
      hasQueryParams: params.some((p) => p.in === 'query'),
      security: this.securityPlan(operation),
      ...(requestBody ? { requestBody } : {}),
      responses: this.responsePlans(ref, rawResponses),
      byStatus: new Map(),
      documentedStatuses: Object.keys(rawResponses),
    };
  }

  /** Path-level then operation-level parameters; the operation's override by name and location. */
  private paramPlans(
    ref: OperationRef,
    pathItem: Record<string, unknown>,
    operation: Record<string, unknown>,
  ): ParamPlan[] {
    const byKey = new Map<string, ParamPlan>();
    const collect = (list: unknown, pointer: string) => {
      if (!Array.isArray(list)) return;
      list.forEach((item, i) => {
        const { value: param, pointer: at } = deref(this.doc, item, `${pointer}/${i}`);
        const where = param.in;
        if (where !== 'path' && where !== 'query' && where !== 'header') return;
        const name = String(param.name);
        const plan: ParamPlan = {
          name,
          in: where,
          key: name.toLowerCase(),
          pointer: `/request/${where === 'header' ? 'headers' : where}/${escapePointer(name)}`,
          required: param.required === true || where === 'path',
        };
        if (param.schema !== undefined) plan.schemaPointer = `${at}/schema`;
        byKey.set(`${where}:${where === 'header' ? name.toLowerCase() : name}`, plan);
      });
    };
    collect(pathItem.parameters, `${ref.pathItemPointer}/parameters`);
    collect(operation.parameters, `${ref.pointer}/parameters`);
    return [...byKey.values()];
  }

  /** Alternatives of requirements; an empty requirement `{}` makes security optional (no checks). */
  private securityPlan(operation: Record<string, unknown>): SecurityCheck[][] {
    const requirements = (operation.security ?? this.doc.security ?? []) as SecurityRequirement[];
    if (requirements.some((requirement) => Object.keys(requirement).length === 0)) return [];
    return requirements.map((requirement) => Object.keys(requirement).map((name) => this.securityCheck(name)));
  }

  private requestBodyPlan(ref: OperationRef, operation: Record<string, unknown>): OperationPlan['requestBody'] {
    if (operation.requestBody === undefined) return undefined;
    const { value: body, pointer } = deref(this.doc, operation.requestBody, `${ref.pointer}/requestBody`);
    return bodyPlan(body.required === true, body.content, `${pointer}/content`);
  }

  private responsePlans(ref: OperationRef, rawResponses: Record<string, unknown>): Map<string, ResponsePlan> {
    const responses = new Map<string, ResponsePlan>();
    for (const [status, raw] of Object.entries(rawResponses)) {
      const { value: response, pointer } = deref(this.doc, raw, `${ref.pointer}/responses/${escapePointer(status)}`);
      const hasContent = isObject(response.content) && Object.keys(response.content).length > 0;
      responses.set(status === 'default' ? 'default' : status.toUpperCase(), {
        headers: this.responseHeaderPlans(response.headers, pointer),
        body: hasContent ? bodyPlan(true, response.content, `${pointer}/content`) : null,
      });
    }
    return responses;
  }

  private responseHeaderPlans(rawHeaders: unknown, responsePointer: string): ParamPlan[] {
    if (!isObject(rawHeaders)) return [];
    const headers: ParamPlan[] = [];
    for (const [name, rawHeader] of Object.entries(rawHeaders)) {
      if (name.toLowerCase() === 'content-type') continue; // ignored by OpenAPI
      const { value: header, pointer } = deref(
        this.doc,
        rawHeader,
        `${responsePointer}/headers/${escapePointer(name)}`,
      );
      const plan: ParamPlan = {
        name,
        in: 'header',
        key: name.toLowerCase(),
        pointer: `/response/headers/${escapePointer(name)}`,
        required: header.required === true,
      };
      if (header.schema !== undefined) plan.schemaPointer = `${pointer}/schema`;
      headers.push(plan);
    }
    return headers;
  }

  private securityCheck(name: string): SecurityCheck {
    const pointer = `/components/securitySchemes/${escapePointer(name)}`;
    const { value: scheme } = deref(this.doc, { $ref: `#${pointer}` }, pointer);
    const type = String(scheme.type);
    if (type === 'apiKey') {
      const field = String(scheme.name);
      const lower = field.toLowerCase();
      const at = `/${escapePointer(field)}`;
      if (scheme.in === 'header') {
        return {
          label: `header \`${field}\` (${name})`,
          pointer: `/request/headers${at}`,
          present: (h) => Boolean(h[lower]),
        };
      }
      if (scheme.in === 'query') {
        return {
          label: `query parameter \`${field}\` (${name})`,
          pointer: `/request/query${at}`,
          present: (_h, q) => Boolean(q?.get(field)),
        };
      }
      return {
        label: `cookie \`${field}\` (${name})`,
        pointer: '/request/headers/cookie',
        present: (h) => (h.cookie ?? '').split(/;\s*/).some((c) => c.startsWith(`${field}=`)),
      };
    }
    if (type === 'http') {
      const authScheme = String(scheme.scheme ?? '').toLowerCase();
      return {
        label: `header \`Authorization\` (${name}, ${authScheme})`,
        pointer: '/request/headers/authorization',
        present: (h) => (h.authorization ?? '').toLowerCase().startsWith(`${authScheme} `),
      };
    }
    if (type === 'oauth2' || type === 'openIdConnect') {
      return {
        label: `header \`Authorization\` (${name})`,
        pointer: '/request/headers/authorization',
        present: (h) => Boolean(h.authorization),
      };
    }
    // mutualTLS cannot be seen in recorded traffic.
    return { label: `${type} (${name})`, pointer: '/request', present: () => true };
  }
}

/**
 * A body can hold any number of faults: the first few are listed, the rest counted, so that a
 * report stays readable and bounded whatever the body's size.
 */
function pushBodyViolations(
  side: 'request' | 'response',
  body: unknown,
  errors: ErrorObject[],
  out: Violation[],
): void {
  for (const violation of schemaViolations(side, `/${side}/body`, body, errors.slice(0, MAX_BODY_VIOLATIONS))) {
    out.push(violation);
  }
  if (errors.length > MAX_BODY_VIOLATIONS) {
    out.push({
      kind: side,
      pointer: `/${side}/body`,
      expected: `a valid body (the first ${MAX_BODY_VIOLATIONS} schema violations are listed above)`,
      found: `${errors.length - MAX_BODY_VIOLATIONS} more schema violations, not listed`,
    });
  }
}

/** Whether the credentials of one alternative at least are all present (loops: no closure per exchange). */
function meetsAny(alternatives: SecurityCheck[][], headers: Headers, query: URLSearchParams | undefined): boolean {
  for (const requirement of alternatives) {
    let all = true;
    for (const check of requirement) all &&= check.present(headers, query);
    if (all) return true;
  }
  return false;
}

/** The response documented for `status`: exact code, then its range (`2XX`), then `default`. */
function responseFor(plan: OperationPlan, status: number): ResponsePlan | undefined {
  const known = plan.byStatus.get(status);
  if (known !== undefined) return known ?? undefined;
  const key = String(status);
  const found = plan.responses.get(key) ?? plan.responses.get(`${key[0]}XX`) ?? plan.responses.get('default');
  if (plan.byStatus.size < MAX_REMEMBERED) plan.byStatus.set(status, found ?? null);
  return found;
}

function bodyPlan(required: boolean, content: unknown, pointer: string): BodyPlan {
  return { required, content: mediaPlans(content, pointer), seen: new Map() };
}

function mediaPlans(content: unknown, pointer: string): MediaPlan[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => ({
    mediaType,
    isJson: isJsonMediaType(mediaType),
    ...(isObject(media) && media.schema !== undefined
      ? { schemaPointer: `${pointer}/${escapePointer(mediaType)}/schema` }
      : {}),
  }));
}

/** The media type a Content-Type value stands for, remembered per body (up to MAX_REMEMBERED values). */
function matchMediaType(plan: BodyPlan, header: string): MediaPlan | undefined {
  if (header === plan.lastHeader) return plan.lastMedia;
  let media = plan.seen.get(header);
  if (media === undefined && !plan.seen.has(header)) {
    media = findMediaType(plan.content, header);
    if (plan.seen.size < MAX_REMEMBERED) plan.seen.set(header, media);
  }
  plan.lastHeader = header;
  plan.lastMedia = media;
  return media;
}

/** Exact media type first, then `type/*`, then `*\/*`, ignoring parameters such as charset. */
function findMediaType(content: MediaPlan[], header: string): MediaPlan | undefined {
  // A header sent twice with the same value arrives joined ("application/json, application/json").
  const distinct = new Set(header.split(',').map((value) => value.trim().toLowerCase()));
  const single = distinct.size === 1 ? [...distinct][0]! : header;
  const actual = single.split(';')[0]!.trim().toLowerCase();
  const type = actual.split('/')[0];
  return (
    content.find((m) => m.mediaType.toLowerCase() === actual) ??
    content.find((m) => m.mediaType.toLowerCase() === `${type}/*`) ??
    content.find((m) => m.mediaType === '*/*')
  );
}

function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json') || base === '*/*' || base === 'application/*';
}

/** Parameter validators see `{ value }`: drop the `/value` prefix from Ajv's instance paths. */
function rebase<T extends { instancePath: string }>(errors: T[]): T[] {
  return errors.map((e) => ({ ...e, instancePath: e.instancePath.replace(/^\/value/, '') }));
}

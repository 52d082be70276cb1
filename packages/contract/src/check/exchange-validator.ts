import { type Exchange, type ExchangeSource, originOf, splitUrl } from '../read/exchange.js';
import { loadSpec, type OpenApiDocument } from '../read/spec-document.js';
import { type OperationRef, OperationRouter, type RouteMatch } from '../route/operation-router.js';
import { ServerOrigins } from '../route/server-origins.js';
import { checkBody } from './body.js';
import { compilePlan, type OperationPlan } from './operation-plan.js';
import { checkParams } from './params.js';
import { checkResponse } from './response.js';
import { SchemaValidators } from './schema-validators.js';
import { checkSecurity } from './security.js';
import type { ExchangeReport } from './violations.js';

export interface ValidatorOptions {
  /** Path of an OpenAPI document; default: the bundled spec of @chatplatform/spec. */
  spec?: string;
}

/**
 * Checks recorded exchanges against the spec: the operation by method and path template, the
 * server it went to, the request's security, parameters and body, and the response against the one
 * documented for its status (exact code, then `2XX`-style range, then `default`). Each operation's
 * plan is compiled on its first exchange (`operation-plan.ts`); the checks, one file per concern,
 * run against it.
 */
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
    const method = request.method.toUpperCase();
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
    if (route.kind !== 'operation') return unrouted(report, route, request.url);
    const plan = this.plan(route.operation);
    report.operationId = plan.ref.operationId;
    const out = report.violations;
    const origin = plan.origins && this.servers.misdirected(plan.origins, request.url);
    if (plan.origins && origin !== undefined)
      out.push({ kind: 'server', pointer: '/request/url', expected: plan.origins.expected, found: origin });
    const queryParams = new URLSearchParams(query);
    checkSecurity(plan, request.headers, queryParams, out);
    const values = { path: route.pathParams, headers: request.headers, query: queryParams };
    checkParams(plan.params, values, this.schemas, out);
    if (plan.requestBody) checkBody('request', plan.requestBody, request, report, this.schemas);
    checkResponse(plan, method, response, report, this.schemas);
    return report;
  }

  private plan(ref: OperationRef): OperationPlan {
    let plan = this.plans.get(ref.pointer);
    if (!plan) {
      plan = compilePlan(this.doc, ref, this.servers);
      this.plans.set(ref.pointer, plan);
    }
    return plan;
  }
}

/** The report of an exchange that matched no operation: an unknown path (shown with its host) or method. */
function unrouted(report: ExchangeReport, route: Exclude<RouteMatch, { kind: 'operation' }>, url: string) {
  if (route.kind === 'unknown-path') {
    // Shown with its host: a recording of a whole page holds other hosts' paths.
    const where = `${originOf(url)}${report.path}`;
    report.violations.push({
      kind: 'unknown-path',
      pointer: '/request/url',
      expected: 'a path of the spec under one of its servers',
      found: route.hint ? `${where} (${route.hint})` : where,
    });
  } else {
    report.violations.push({
      kind: 'method-not-allowed',
      pointer: '/request/method',
      expected: `one of ${route.allowed.join(', ')} (documented for ${route.pathTemplate})`,
      found: report.method,
    });
  }
  return report;
}

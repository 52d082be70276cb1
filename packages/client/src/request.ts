// What openapi-fetch would do for one call, done here so that its runtime is not bundled: the URL
// with its path and query parameters, the headers, the body, the middleware hooks, and the answer
// as `{ data | error, response }`. Its rules are kept (see openapi-fetch's createClient).
import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import type { Plan } from './client.js';
import { InvalidInputError } from './errors.js';
import { exchange, type Fetch, readBody, refuse } from './transport.js';
import { checkHeaderName, checkHeaderValue, checkSegment } from './validate.js';

/** The init of a call, as the conveniences and openapi-fetch's interface take it. */
export type Init = {
  signal?: AbortSignal;
  headers?: object;
  maxRetries?: number;
  timeout?: number;
  body?: unknown;
  onBehalfOf?: string;
  parseAs?: string;
  fetch?: Fetch;
  params?: { header?: object; path?: Record<string, unknown>; query?: Record<string, unknown> };
  middleware?: Middleware[];
  querySerializer?: (query: Record<string, unknown>) => string;
  bodySerializer?: (body: unknown, headers: Record<string, string>) => BodyInit;
};
export type Result = { data?: unknown; error?: unknown; response: Response };

/**
 * The URL: every path parameter checked, whichever entry point it came through (URL parsers
 * resolve `.` and `..` even percent-encoded, which would send the credentials to another path),
 * then encoded; then the query. `parts` is the path split around its parameters' names.
 */
export function buildUrl(base: string, parts: string[], params: NonNullable<Init['params']>, q?: unknown): string {
  let url = base + parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    url += encodeURIComponent(checkSegment(params.path?.[name], name)) + parts[i + 1];
  }
  if (!params.query && !q) return url;
  if (q && typeof q !== 'function') throw new InvalidInputError('querySerializer must be a function');
  const search = ((q as Init['querySerializer']) ?? serializeQuery)(params.query ?? {});
  return search ? `${url}?${search.replace(/^\?/, '')}` : url;
}

/** openapi-fetch's default: `name=value`, arrays exploded (`id=1&id=2`), objects as deepObject (`filter[a]=1`). */
export function serializeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    if (value == null) return;
    if (Array.isArray(value)) for (const v of value) add(name, v);
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${name}[${k}]`, v);
    else pairs.push(`${name}=${encodeURIComponent(value as string)}`);
  };
  for (const name in query) add(name, query[name]);
  return pairs.join('&');
}

/**
 * Adds `from` (a record or Headers) to the lower-cased `into`, as openapi-fetch merges headers:
 * null removes one, an array gives several values. A name must be an HTTP token; a value is
 * checked but not shown, it may carry a credential.
 */
export function mergeHeaders(into: Record<string, string>, from?: object) {
  if (!from) return;
  for (const [name, value] of from instanceof Headers ? from : Object.entries(from)) {
    const key = checkHeaderName(name).toLowerCase();
    if (value === null) delete into[key];
    else if (value !== undefined)
      into[key] = checkHeaderValue(`header ${name}`, Array.isArray(value) ? value.join(', ') : String(value));
  }
}

/** openapi-fetch's default: FormData as it is, a form-urlencoded body as such, anything else as JSON. */
export function serializeBody(body: unknown, headers: Record<string, string>, serializer?: Init['bodySerializer']) {
  if (body === undefined) return undefined;
  const serialized = serializer
    ? serializer(body, headers)
    : body instanceof FormData
      ? body
      : headers['content-type'] === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(body as Record<string, string>).toString()
        : JSON.stringify(body);
  if (!(serialized instanceof FormData)) headers['content-type'] ??= 'application/json';
  return serialized;
}

/** The answer as openapi-fetch gives it; a 2xx body is left as text for settle() to parse as JSON. */
export async function parse(plan: Plan, response: Response): Promise<Result> {
  const { ok } = response;
  const declared = response.headers.get('content-length');
  if (response.status === 204 || plan.method === 'HEAD' || declared === '0')
    return ok ? { data: undefined, response } : { error: undefined, response };
  if (ok) {
    if (plan.parseAs !== 'stream') return { data: await readBody(response, plan.parseAs, plan, declared), response };
    // With parseAs 'stream' the body is the caller's to read: only a declared length over the limit is refused.
    if (+(declared ?? 0) > plan.maxResponseBytes) refuse(response, plan);
    return { data: response.body, response };
  }
  let error = await readBody(response, 'text', plan, declared);
  try {
    error = JSON.parse(error as string);
  } catch {}
  return { error, response };
}

type Hooked = MiddlewareCallbackParams & { error: unknown; response?: Response };

/** openapi-fetch's hooks: onRequest in order, then onError or onResponse in reverse order. */
export async function withMiddleware(plan: Plan, request: Request, init: { signal?: AbortSignal }): Promise<Response> {
  const list = plan.middleware;
  const options = Object.freeze({ baseUrl: plan.host.url, fetch: plan.fetch, parseAs: plan.parseAs });
  const id = Math.random().toString(36).slice(2, 11);
  const p = { request, schemaPath: plan.path, params: plan.params, id, options } as Hooked;
  for (const m of list) {
    const result = await m.onRequest?.(p);
    if (result instanceof Response) return result;
    if (result) p.request = expected(result, Request, 'onRequest', 'a Request, a Response');
  }
  let response: Response | undefined;
  try {
    response = await exchange(p.request, plan, init);
  } catch (error) {
    p.error = error;
    for (let i = list.length; i-- && !response; ) {
      const result = await list[i]!.onError?.(p);
      if (result instanceof Response) response = result;
      else if (result) p.error = expected(result, Error, 'onError', 'a Response, an Error');
    }
    if (!response) throw p.error;
  }
  for (let i = list.length; i--; ) {
    p.response = response;
    const result = await list[i]!.onResponse?.(p as Hooked & { response: Response });
    if (result) response = expected(result, Response, 'onResponse', 'a Response');
  }
  return response;
}

function expected<T>(result: unknown, type: abstract new (...args: never[]) => T, hook: string, allowed: string): T {
  if (result instanceof type) return result;
  throw new InvalidInputError(`a middleware's ${hook} returned something else: return ${allowed} or nothing`);
}

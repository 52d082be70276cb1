// What openapi-fetch would do for one call, done here so that its runtime is not bundled: the URL
// with its path and query parameters, the headers, the body, the middleware hooks, and the answer
// as `{ data | error, response }`. Its rules are kept (see openapi-fetch's createClient).
import type { Middleware, MiddlewareCallbackParams } from 'openapi-fetch';
import type { Plan } from './client.js';
import { InvalidInputError, InvalidResponseError } from './errors.js';
import { exchange, type Fetch, readBody, tooLarge } from './transport.js';
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
  bodySerializer?: (body: unknown, headers: Record<string, string>) => BodyInit;
};
export type Result = { data?: unknown; error?: unknown; response: Response };

/**
 * The URL: every path parameter checked, whichever entry point it came through (URL parsers
 * resolve `.` and `..` even percent-encoded, which would send the credentials to another path),
 * then encoded. `parts` is the path split around its parameters' names. No operation of the spec
 * takes a query (scripts/generate.mjs stops the build if one does).
 */
export function buildUrl(base: string, parts: string[], params: NonNullable<Init['params']>): string {
  if (params.query) throw new InvalidInputError('no operation of the spec takes query parameters');
  let url = base + parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    url += encodeURIComponent(checkSegment(params.path?.[name], name)) + parts[i + 1];
  }
  return url;
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

/** JSON (every request body of the spec is JSON: see scripts/generate.mjs), or what `serializer` makes of it. */
export function serializeBody(body: unknown, headers: Record<string, string>, serializer?: Init['bodySerializer']) {
  if (body === undefined) return undefined;
  const serialized = serializer ? serializer(body, headers) : JSON.stringify(body);
  // FormData sets its own multipart Content-Type, with the boundary.
  if (serialized instanceof FormData && headers['content-type'] === 'application/json') delete headers['content-type'];
  return serialized;
}

/**
 * The answer as openapi-fetch gives it: `{ data }` for a 2xx, `{ error }` (JSON, else the text)
 * for any other status. A 2xx body that is not the JSON it should be is an InvalidResponseError.
 */
export async function parse(plan: Plan, response: Response): Promise<Result> {
  const { ok, status } = response;
  const answer = (value: unknown) => ({ [ok ? 'data' : 'error']: value, response });
  const declared = response.headers.get('content-length');
  if (status === 204 || plan.method === 'HEAD' || declared === '0') return answer(undefined);
  // A 2xx whose declared length is over the limit is refused before reading (with 'stream', the only check).
  if (ok && +(declared ?? 0) > plan.maxResponseBytes) throw tooLarge(plan, status, response.body);
  const { parseAs } = plan;
  // With 'stream', the body is the caller's to read.
  if (ok && parseAs === 'stream') return answer(response.body);
  const body = await readBody(response, ok ? parseAs : 'text', plan);
  if (ok && parseAs !== 'json') return answer(body);
  try {
    return answer(body ? JSON.parse(body as string) : undefined);
  } catch {
    if (!ok) return answer(body);
    // No `cause`: JSON.parse's message quotes the body, which could echo a secret unredacted.
    const rawText = plan.redact(body as string);
    throw new InvalidResponseError(
      `the API answered ${status} with a body that is not valid JSON`,
      plan.details({ status, rawText }),
    );
  }
}

type Hooked = MiddlewareCallbackParams & { error: unknown; response?: Response };

/** openapi-fetch's hooks: onRequest in order, then onError or onResponse in reverse order. */
export async function withMiddleware(plan: Plan, request: Request, init: { signal?: AbortSignal }): Promise<Response> {
  const list = plan.middleware;
  const options = { baseUrl: plan.host.url, fetch: plan.fetch, parseAs: plan.parseAs };
  const id = Math.random().toString(36).slice(2, 11);
  const p = { request, schemaPath: plan.path, params: plan.params, id, options } as Hooked;
  for (const m of list) {
    const result = await m.onRequest?.(p);
    if (result instanceof Response) return result;
    if (result) p.request = expected(result, Request, 'onRequest', 'a Request, a Response');
  }
  let response: Response | undefined;
  try {
    response = await exchange(plan, p.request, init);
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
  throw new InvalidInputError(`a middleware's ${hook} must return ${allowed} or nothing`);
}

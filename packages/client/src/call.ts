// One call: checked and planned before anything is sent, then attempts through openapi-fetch
// (which builds the request and parses the answer) with the client's fetch (transport.ts) under
// each attempt's timeout and the caller's signal, retried as the options say, each attempt logged.
import type { Client, Middleware } from 'openapi-fetch';
import {
  AbortedError,
  apiErrorClass,
  ConnectionError,
  InvalidInputError,
  InvalidResponseError,
  type RequestDetails,
  TimeoutError,
} from './errors.js';
import type { paths } from './generated/schema.js';
import type { Log } from './log.js';
import { createRedactor, type Redact } from './redact.js';
import { type BackoffOptions, isRetryableStatus, retryDelay } from './retry.js';
import { type Control, CREDENTIAL_HEADERS, type Exchange, exchange, type Fetch } from './transport.js';
import {
  check,
  checkHeaderName,
  checkHeaderValue,
  checkNumber,
  checkOneOf,
  checkSegment,
  optionHint,
} from './validate.js';

/** The init of a call, as the conveniences and `client.api` take it. */
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
  [option: string]: unknown;
};
export type Result = { data?: unknown; error?: unknown; response: Response };

/** A server of the spec as the client reaches it. */
export interface Host {
  url: string;
  origin: string;
  /** openapi-fetch over this server: its base URL, User-Agent and credentials. */
  api: Client<paths>;
  /** A security scheme of this server's operations without a credential: its operations are refused. */
  missing?: string | undefined;
}

/** An operation: its id, its server, its onBehalfOf header ('' if none), the JSON types of its 2xx body ('*' any, '' unchecked). */
export type Route = [operation: string, server: number, onBehalfOf: string, success: string];

/** What every call of one client shares: the checked options and what createClient made of them. */
export type Context = BackoffOptions & {
  maxRetries: number;
  maxRedirects: number;
  maxResponseBytes: number;
  timeout: number;
  routes: Record<string, Route>;
  hosts: Host[];
  /** The configured credentials' values: each call's redactor adds those it sends of its own. */
  secrets: string[];
  /** The redactor of the configured credentials. */
  redact: Redact;
  retryMethods: string[];
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetch: Fetch;
  log: Log;
  logThreshold: number;
};

/** One call as plan() settled it. */
interface Plan extends Context, Exchange {
  method: string;
  path: string;
  operation: string;
  success: string;
  host: Host;
  /** What openapi-fetch gets, less the signal and fetch of each attempt. */
  init: Record<string, unknown>;
  signal?: AbortSignal | undefined;
  /** 1 + the retries this method gets. */
  attempts: number;
}

const PARSE_AS = ['json', 'text', 'blob', 'arrayBuffer', 'stream'];
/** openapi-fetch options the client does not apply per call: refused rather than ignored. */
const PER_CLIENT = ['baseUrl', 'querySerializer', 'pathSerializer', 'Request'];
/** The client's own per-call options, which openapi-fetch does not get. */
const OWN = ['maxRetries', 'timeout', 'onBehalfOf', 'fetch', 'signal'];

/**
 * One call through the retry loop. Answers like openapi-fetch (`{ data | error, response }`); with
 * `throws`, answers for a 2xx only and throws the typed error of any other status.
 */
export async function send(ctx: Context, method: string, path: string, init: Init = {}, throws = false) {
  const plan = planned(ctx, method, path, init);
  for (let attempt = 1; ; attempt++) {
    if (plan.signal?.aborted) throw aborted(plan, plan.signal.reason);
    const started = Date.now();
    const outcome = await attemptOnce(plan).then(
      (result) => ({ result }),
      (failure: unknown) => ({ failure }),
    );
    const wait = settle(plan, attempt, started, outcome);
    if (wait === undefined) {
      if ('failure' in outcome) throw outcome.failure;
      return answer(plan, outcome.result, throws);
    }
    try {
      await plan.wait(wait, plan.signal);
    } catch (cause) {
      throw aborted(plan, cause);
    }
  }
}

/** The wait before the next attempt, or undefined when there is none; logs the attempt. */
function settle(plan: Plan, attempt: number, started: number, outcome: { result?: Result; failure?: unknown }) {
  const { result, failure } = outcome;
  const status = result ? result.response.status : ((failure as Error)?.name ?? 'Error');
  // Another attempt after a retryable status, a connection failure or a timeout, if one is left.
  const retryable = result
    ? isRetryableStatus(result.response.status)
    : failure instanceof ConnectionError || failure instanceof TimeoutError;
  const wait =
    attempt < plan.attempts && retryable
      ? retryDelay(attempt - 1, result?.response.headers.get('retry-after'), plan)
      : undefined;
  // Debug for an answer and for the caller's own abort, info for a retry, warn for a failure that ends the call.
  const level = (result && !retryable) || failure instanceof AbortedError ? 0 : wait === undefined ? 2 : 1;
  if (level >= plan.logThreshold) {
    const { method, operation, url, attempts } = plan;
    plan.log(
      level,
      { method, operation, url, status, attempt, attempts, wait, elapsed: Date.now() - started },
      plan.redact,
    );
  }
  return wait;
}

/** What the call answers: openapi-fetch's result (its error body redacted), or with `throws` the typed error of a non-2xx. */
function answer(plan: Plan, result: Result, throws: boolean): Result {
  const { ok, status, headers } = result.response;
  if (ok) return result;
  // An error body may echo a credential (some servers quote the rejected key).
  const body = plan.redact(result.error);
  if (!throws) return { ...result, error: body };
  throw new (apiErrorClass(status))(
    `the API answered ${status}`,
    plan.details({ status, body: body === undefined ? '' : body, headers: redactedHeaders(plan.redact, headers) }),
  );
}

/** `headers` with a credential echoed in a value redacted (names stay: a header name cannot hold the marker). */
const redactedHeaders = (redact: Redact, headers: Headers) =>
  new Headers([...headers].map(([name, value]): [string, string] => [name, redact(value)]));

/** Everything checked before the first attempt: the operation, its server, credentials, parameters and options. */
function planned(ctx: Context, method: string, path: string, init: Init): Plan {
  // A credential given for this call only is redacted like the configured ones, also from the
  // refusals of its input (a path or a header name may quote it).
  const own = [...credentialsIn(init.headers), ...credentialsIn(init.params?.header)];
  const secrets = own.length ? [...ctx.secrets, ...own] : ctx.secrets;
  // The client's context is the plan's prototype: nothing of it is copied per call.
  const plan = Object.create(ctx) as Plan;
  plan.secrets = secrets;
  plan.redact = own.length ? createRedactor(secrets) : ctx.redact;
  plan.sends = (secret) => {
    if (plan.secrets.includes(secret)) return;
    plan.secrets = [...plan.secrets, secret];
    plan.redact = createRedactor(plan.secrets);
  };
  plan.details = (fields) => ({ method, operation: plan.operation, url: plan.redact(plan.url), ...fields });
  try {
    return Object.assign(plan, checkedCall(plan, method, path, init));
  } catch (error) {
    throw error instanceof InvalidInputError ? new InvalidInputError(plan.redact(error.message)) : error;
  }
}

function checkedCall(ctx: Context, method: string, path: string, init: Init) {
  const route = ctx.routes[`${method} ${path}`];
  if (!route) throw new InvalidInputError(`${method} ${path} is not an operation of the spec`);
  const [operation, server, onBehalfOfHeader, success] = route;
  const host = ctx.hosts[server]!;
  if (host.missing) throw new InvalidInputError(`${operation} needs ${optionHint(host.missing)}`);
  // Refused rather than ignored, so that no caller believes a call went to another host or was serialized their way.
  for (const name of PER_CLIENT)
    if (init[name] !== undefined)
      throw new InvalidInputError(`${name} is not supported per call; set the client's options`);
  const { maxRetries = ctx.maxRetries, timeout = ctx.timeout, parseAs = 'json', fetch = ctx.fetch, onBehalfOf } = init;
  const retried = ctx.retryMethods.includes(method);
  checkNumber('maxRetries', maxRetries, true);
  check(
    retried || !init.maxRetries,
    'maxRetries',
    maxRetries,
    `is set, but ${method} is not retried: add it to the client's retryMethods`,
  );
  checkNumber('timeout', timeout, false);
  // Checked before the message is built: this runs on every call.
  if (!PARSE_AS.includes(parseAs)) checkOneOf('parseAs', parseAs, PARSE_AS);
  check(
    typeof fetch === 'function',
    'fetch',
    typeof fetch,
    'must be a function (request, { signal }) => Promise<Response>',
  );
  checkHeaders(init.headers);
  checkHeaders(init.params?.header);
  const params = { ...init.params };
  for (const name of path.match(/[^{}]+(?=})/g) ?? []) checkSegment(params.path?.[name], name);
  if (onBehalfOf !== undefined) {
    check(onBehalfOfHeader, 'onBehalfOf', onBehalfOf, `is not a parameter of ${operation}`, true);
    params.header = { ...params.header, [onBehalfOfHeader]: checkHeaderValue('onBehalfOf', onBehalfOf) };
  }
  const rest = Object.fromEntries(Object.entries(init).filter(([key]) => !OWN.includes(key)));
  // The URL errors name until a request is sent (the caller may abort before): the path filled in.
  const url = host.url + path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(params.path?.[name])));
  return {
    method,
    path,
    operation,
    success,
    host,
    timeout,
    parseAs,
    fetch,
    origin: host.origin,
    url,
    signal: init.signal,
    init: { ...rest, params, redirect: 'manual' },
    attempts: 1 + (retried ? maxRetries : 0),
  };
}

/** Header names must be HTTP tokens; values are checked but never shown, they may carry a credential. */
function checkHeaders(headers?: object) {
  for (const [name, value] of headers instanceof Headers ? headers : Object.entries(headers ?? {})) {
    checkHeaderName(name);
    for (const v of [value].flat()) if (v !== null && v !== undefined) checkHeaderValue(`header ${name}`, String(v));
  }
}

/** The values of the credential headers (apikey, key, secret) among the headers of a call (a record or Headers). */
function credentialsIn(headers?: object): string[] {
  const found: string[] = [];
  for (const [name, value] of headers instanceof Headers ? headers : Object.entries(headers ?? {}))
    if (CREDENTIAL_HEADERS.test(name) && value) found.push(...[value].flat().map(String));
  return found;
}

/**
 * One attempt, through openapi-fetch, under its own timeout and the caller's signal: both cover
 * the middleware and the whole body (a streamed one until it is read or cancelled), and the
 * attempt ends with their TimeoutError or AbortedError whatever was still running.
 */
async function attemptOnce(plan: Plan): Promise<Result> {
  const control = attemptControl(plan);
  plan.streamed = false;
  plan.bytes = plan.status = undefined;
  try {
    const fetch = (request: Request) => exchange(plan, control, request);
    // The attempt's signal goes to fetch (`fetch(request, { signal })`), not onto openapi-fetch's
    // Request: a Request that follows a signal costs more to build than the rest of the call.
    const call = plan.host.api.request(
      plan.method as 'get',
      plan.path as never,
      {
        ...plan.init,
        fetch,
      } as never,
    ) as Promise<Result>;
    return checkBody(plan, await race(call, control.signal));
  } catch (cause) {
    // The caller's abort and the timeout win over what they caused; anything else (our own
    // errors, a middleware's or a custom fetch's own bug) is surfaced as it is.
    if (control.signal.aborted) throw control.signal.reason;
    throw cause instanceof SyntaxError && plan.bytes ? invalidResponse(plan, 'a body that is not valid JSON') : cause;
  } finally {
    if (!plan.streamed) control.done();
  }
}

/** The attempt's signal, aborted by its timer or the caller's signal with the error the attempt then ends with. */
function attemptControl(plan: Plan): Control {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new TimeoutError(`no answer within ${plan.timeout} ms`, plan.details({ timeout: plan.timeout })),
      ),
    plan.timeout,
  );
  const onAbort = () => controller.abort(aborted(plan, plan.signal!.reason));
  plan.signal?.addEventListener('abort', onAbort);
  const done = () => {
    clearTimeout(timer);
    plan.signal?.removeEventListener('abort', onAbort);
  };
  controller.signal.addEventListener('abort', done);
  return { signal: controller.signal, done };
}

/** `promise`, or the signal's reason as soon as it aborts (a middleware may not be listening). */
function race<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A 2xx JSON body must be what the spec declares for the operation: JSON of one of its types, not empty, not null unless allowed. */
function checkBody(plan: Plan, result: Result): Result {
  const { ok } = result.response;
  if (!ok || !plan.success || plan.parseAs !== 'json' || plan.method === 'HEAD') return result;
  const { data } = result;
  const type = data === null ? 'null' : Array.isArray(data) ? 'array' : typeof data;
  const allowed = plan.success.split(' ');
  const fits =
    data !== undefined &&
    (plan.success === '*' ||
      allowed.includes(type) ||
      (type === 'number' && allowed.includes('integer') && Number.isInteger(data)));
  if (fits) return result;
  const what = data === undefined ? 'no body' : `${type}, not ${allowed.join(' or ')},`;
  throw invalidResponse(plan, what, result.response.status);
}

function invalidResponse(plan: Plan, what: string, status = plan.status ?? 200) {
  // No `cause`: JSON.parse's message quotes the body, which could echo a secret unredacted.
  const rawText = plan.redact(new TextDecoder().decode(plan.bytes ?? new Uint8Array()));
  return new InvalidResponseError(
    `the API answered ${status} with ${what} where the spec declares a JSON body`,
    plan.details({ status, rawText }),
  );
}

const aborted = (plan: { details(): RequestDetails }, cause: unknown) =>
  new AbortedError('the request was aborted', plan.details(), { cause });

export type { Redact };

// createClient(): openapi-fetch's typed interface over every operation of the spec, each call sent
// to its server with only that server's credentials, plus the retries, timeouts and typed errors
// openapi-fetch leaves out by design. Requests are built here (see request.ts): openapi-fetch
// gives the types only.
import type { Client, FetchResponse, Middleware } from 'openapi-fetch';
import {
  AbortedError,
  apiErrorClass,
  ChatPlatformError,
  ConnectionError,
  InvalidInputError,
  InvalidResponseError,
  type RequestDetails,
  TimeoutError,
} from './errors.js';
import type { components, paths } from './generated/schema.js';
import { operations, type Region, securityHeaders, servers, userAgent } from './generated/spec.js';
import { createLog, LOG_ENV, type Log, type Logger, type LogLevel } from './log.js';
import { createRedactor, REDACTED, type Redact } from './redact.js';
import { buildUrl, type Init, mergeHeaders, parse, type Result, serializeBody, withMiddleware } from './request.js';
import { isRetryableStatus, retryDelay, sleep } from './retry.js';
import {
  connectionError,
  credentialHeaders,
  type Exchange,
  exchange,
  type Fetch,
  isTransportError,
} from './transport.js';
import {
  checkAppId,
  checkBaseUrl,
  checkHeaderValue,
  checkNumber,
  checkRegion,
  envName,
  optionHint,
} from './validate.js';

export type Call = components['schemas']['Call'];
export type CallParticipant = components['schemas']['CallParticipant'];
export type GetCallResponse = components['schemas']['GetCallResponse'];
export type SendMessageRequest = components['schemas']['SendMessageRequest'];
/** The typed openapi-fetch client over every operation of the spec. */
export type ApiClient = Client<paths>;
export type { Fetch, Logger, LogLevel };

/** Credentials, named after the spec's security schemes; each is sent only to the servers whose operations use it. */
export interface Credentials {
  /** `apikey` header of every REST request (Calls and chat hosts). Env: CHATPLATFORM_API_KEY. */
  apiKey?: string;
  /** `key` header of the management API. Env: CHATPLATFORM_MANAGEMENT_KEY. */
  managementKey?: string;
  /** `secret` header of the management API. Env: CHATPLATFORM_MANAGEMENT_SECRET. */
  managementSecret?: string;
}

export interface RetryOptions {
  /** Retries after the first attempt, on connection errors, timeouts, 408, 429 and 5xx. Default 2. */
  maxRetries?: number;
  /** Timeout of each attempt in ms (connecting, headers and body). Default 30 000. */
  timeout?: number;
}

export interface ClientOptions extends Credentials, RetryOptions {
  /** The app ID from the dashboard (one DNS label). Env: CHATPLATFORM_APP_ID. */
  appId?: string;
  /** The app's data center, one of the spec's regions. Env: CHATPLATFORM_REGION. */
  region?: Region;
  /** Send every area to this URL instead of the spec's hosts (a mock). HTTPS, or HTTP on loopback. */
  baseUrl?: string;
  /** Methods that are retried. Default GET and HEAD: a POST is never repeated unless you list it. */
  retryMethods?: readonly string[];
  /** First backoff delay in ms, doubled per retry. Default 500. */
  initialRetryDelay?: number;
  /** Cap of the backoff delay in ms. Default 8 000. */
  maxRetryDelay?: number;
  /** Cap of a server's Retry-After in ms. Default 60 000. */
  maxRetryAfter?: number;
  /** Longest response body read, in bytes; a longer one throws ResponseTooLargeError. Default 1 MiB. */
  maxResponseBytes?: number;
  /** Same-origin redirects followed per attempt; one more throws RedirectError. Default 5. */
  maxRedirects?: number;
  /** `debug` (every attempt), `info` (retries), `warn` (failures), `off`. Env: CHATPLATFORM_LOG. Default `warn`. */
  logLevel?: LogLevel;
  /** Where log lines go. Default console. */
  logger?: Logger;
  /** The fetch used for every attempt. Default globalThis.fetch. Must honour `request.redirect` ('manual'). */
  fetch?: Fetch;
  /** openapi-fetch middleware, run on every attempt. */
  middleware?: readonly Middleware[];
  /** Where credentials and settings are read from when not given. Default process.env. */
  env?: Record<string, string | undefined>;
  /** Waits between attempts; replace it in tests. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Randomness of the jitter, in [0, 1); replace it in tests. Default Math.random. */
  random?: () => number;
}

/** Per-request options of the convenience methods (also accepted in the init of `api` calls). */
export interface RequestOptions extends RetryOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
/** Options of the operations that take the `onBehalfOf` header. */
export interface OnBehalfOfOptions extends RequestOptions {
  /** UID of the user on whose behalf the call acts. */
  onBehalfOf?: string;
}

/** The numeric options and their defaults: counts (retries, redirects, bytes), then durations in ms. */
const NUMBERS = {
  maxRetries: 2,
  maxRedirects: 5,
  maxResponseBytes: 1 << 20,
  timeout: 30_000,
  initialRetryDelay: 500,
  maxRetryDelay: 8_000,
  maxRetryAfter: 60_000,
};
const COUNTS = ['maxRetries', 'maxRedirects', 'maxResponseBytes'];
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];
for (const scheme in securityHeaders) credentialHeaders.push(securityHeaders[scheme]!);
/** Each operation: its id, its server and its path split around the parameters (odd indices are their names). */
const routes: Record<string, [operation: string, server: number, parts: string[]]> = {};
for (const key in operations) {
  const [operation, server] = operations[key]!;
  routes[key] = [operation, server, key.slice(key.indexOf(' ') + 1).split(/\{([^}]+)\}/)];
}

type Settings = typeof NUMBERS & { random: () => number };
interface Host {
  url: string;
  origin: string;
  /** User-Agent and the credentials of this server's operations. */
  headers: Record<string, string>;
  schemes: string[];
}
/** What every request of one client shares. */
interface Context {
  settings: Settings;
  hosts: Host[];
  credentials: Record<string, string>;
  redact: Redact;
  retryMethods: string[];
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
  fetch: Fetch;
  log: Log;
  logThreshold: number;
  middleware: Middleware[];
}
/** One request as buildRequest settled it; `url` is the URL it last went to. */
export interface Plan extends Exchange {
  method: string;
  operation: string;
  path: string;
  host: Host;
  /** The URL and init of every attempt's first Request. */
  href: string;
  init: RequestInit;
  params: NonNullable<Init['params']>;
  signal?: AbortSignal;
  timeout: number;
  parseAs: string;
  middleware: Middleware[];
  querySerializer?: Init['querySerializer'];
  bodySerializer?: Init['bodySerializer'];
  /** 1 + the retries this method gets. */
  attempts: number;
}

export function createClient(options: ClientOptions = {}) {
  const env = options.env ?? (typeof process === 'undefined' ? {} : process.env);
  const setting = (k: string) => options[k as keyof ClientOptions] ?? env[envName(k)];
  const credentials = readCredentials(setting);
  const redact = createRedactor(Object.values(credentials));
  const appId = checkAppId(setting('appId'));
  const region = checkRegion(setting('region'));
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const { log, threshold } = createLog(options.logLevel ?? env[LOG_ENV], options.logger ?? console, redact);
  const hosts = servers.map(([template, ...schemes]): Host => {
    const url = baseUrl ?? template.replace('{appId}', appId).replace('{region}', region);
    const headers: Record<string, string> = { 'user-agent': userAgent };
    for (const scheme of schemes) if (credentials[scheme]) headers[securityHeaders[scheme]!] = credentials[scheme];
    return { url, origin: new URL(url).origin, headers, schemes };
  });
  const ctx: Context = {
    settings: readSettings(options),
    hosts,
    credentials,
    redact,
    retryMethods: (options.retryMethods ?? ['GET', 'HEAD']).map((m) => m.toUpperCase()),
    wait: options.sleep ?? sleep,
    fetch: options.fetch ?? ((request, init) => fetch(request, init)),
    log,
    logThreshold: threshold,
    middleware: [],
  };
  const api = createRouter(ctx);
  if (options.middleware) api.use(...options.middleware);

  /** A convenience: the data of a 2xx answer, or the typed error of any other. */
  const call: Caller = (method, path, init) => sendWithRetries(ctx, method, path, init ?? {}, true);
  const description = {
    appId,
    region,
    servers: hosts.map((h) => h.url),
    credentials: Object.fromEntries(Object.keys(credentials).map((k) => [k, REDACTED])),
  };

  return {
    /** The typed openapi-fetch interface over every operation, each routed to its own host with its own credentials. */
    api,
    ...conveniences(call),
    toJSON: () => description,
    [Symbol.for('nodejs.util.inspect.custom')]: () => `ChatPlatformClient ${JSON.stringify(description)}`,
  };
}

export type ChatPlatformClient = ReturnType<typeof createClient>;

// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch types its client per path; this layer is generic over every path of the spec.
type Caller = (method: string, path: string, init?: Init) => Promise<any>;

/** One method per operation, answering its data or throwing the typed error of a non-2xx answer. */
const conveniences = (call: Caller) => ({
  calls: {
    /** Get Call: the full record of one call. Throws an ApiError subclass on a non-2xx answer. */
    get: (sessionId: string, o?: OnBehalfOfOptions): Promise<GetCallResponse> =>
      call('GET', '/calls/{sessionId}', { ...o, params: { path: { sessionId } } }),
  },
  users: {
    /** List users (the response body is not documented by the platform). */
    list: (o?: RequestOptions): Promise<unknown> => call('GET', '/users', o),
  },
  authTokens: {
    /** Create an auth token for a user (the bodies are not documented by the platform). */
    create: (uid: string, o?: RequestOptions & { body?: unknown }): Promise<unknown> =>
      call('POST', '/users/{uid}/auth_tokens', { ...o, params: { path: { uid } } }),
  },
  messages: {
    /** Send a message, optionally on behalf of a user. */
    send: (body: SendMessageRequest, o?: OnBehalfOfOptions): Promise<unknown> =>
      call('POST', '/messages', { ...o, body }),
  },
  apps: {
    /** Management API: list apps (authenticated with the management key and secret). */
    list: (o?: RequestOptions): Promise<unknown> => call('GET', '/apps', o),
  },
});

/** openapi-fetch's interface over every operation, each call sent through sendWithRetries(). */
function createRouter(ctx: Context): ApiClient {
  const send = (method: string, path: string, init?: Init) => sendWithRetries(ctx, method, path, init ?? {}, false);
  const { middleware } = ctx;
  const router: Record<string, unknown> = {
    request: (method: string, path: string, init?: Init) => send(method.toUpperCase(), path, init),
    use: (...added: Middleware[]) => {
      for (const m of added) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m))
          throw new InvalidInputError('a middleware must be an object with onRequest, onResponse or onError');
        middleware.push(m);
      }
    },
    eject: (...removed: Middleware[]) => {
      for (const m of removed) if (middleware.includes(m)) middleware.splice(middleware.indexOf(m), 1);
    },
  };
  for (const method of METHODS) router[method] = (path: string, init?: Init) => send(method, path, init);
  // Built by name above; its calls take exactly openapi-fetch's arguments.
  return router as unknown as ApiClient;
}

/** One option per security scheme of the spec, named after it. */
function readCredentials(setting: (name: string) => unknown): Record<string, string> {
  const credentials: Record<string, string> = {};
  for (const scheme in securityHeaders) {
    const value = setting(scheme);
    if (value) credentials[scheme] = checkHeaderValue(scheme, value);
  }
  return credentials;
}

function readSettings(options: ClientOptions): Settings {
  const settings = { random: options.random ?? Math.random } as Settings;
  for (const name in NUMBERS) {
    const key = name as keyof typeof NUMBERS;
    settings[key] = checkNumber(name, options[key] ?? NUMBERS[key], COUNTS.includes(name));
  }
  return settings;
}

/**
 * One call through the retry loop. Answers like openapi-fetch (`{ data | error, response }`); with
 * `throws`, answers the data of a 2xx and throws the typed error of any other status.
 */
// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch types its client per path; this layer is generic over every path of the spec.
async function sendWithRetries(ctx: Context, method: string, path: string, init: Init, throws: boolean): Promise<any> {
  const plan = buildRequest(ctx, method, path, init);
  for (let attempt = 1; ; attempt++) {
    if (plan.signal?.aborted) throw aborted(plan, plan.signal.reason);
    const started = Date.now();
    let result: Result | undefined;
    let failure: unknown;
    try {
      result = await attemptOnce(plan);
    } catch (error) {
      failure = error;
    }
    const wait = retryWait(ctx, plan, attempt, result, failure);
    report(ctx, plan, { attempt, started, result, failure, wait });
    if (wait === undefined) return settle(ctx, plan, result, failure, throws);
    try {
      await ctx.wait(wait, plan.signal);
    } catch (cause) {
      throw aborted(plan, cause);
    }
  }
}

/** Everything checked and built before the first attempt: the operation, its credentials, URL, headers, body and options. */
function buildRequest(ctx: Context, method: string, path: string, init: Init): Plan {
  const route = routes[`${method} ${path}`];
  if (!route) throw new InvalidInputError(`${method} ${path} is not an operation of the spec`);
  const [operation, server, parts] = route;
  const host = ctx.hosts[server]!;
  for (const scheme of host.schemes)
    if (!ctx.credentials[scheme]) throw new InvalidInputError(`${operation} needs ${optionHint(scheme)}`);
  const { settings } = ctx;
  const {
    maxRetries = settings.maxRetries,
    timeout = settings.timeout,
    signal,
    parseAs = 'json',
    fetch = ctx.fetch,
    onBehalfOf,
    headers,
    params = {},
    body,
    middleware,
    querySerializer,
    bodySerializer,
    ...rest
  } = init;
  if (maxRetries !== settings.maxRetries) checkNumber('maxRetries', maxRetries, true);
  if (timeout !== settings.timeout) checkNumber('timeout', timeout, false);
  const merged = { ...host.headers };
  mergeHeaders(merged, headers);
  mergeHeaders(merged, params.header);
  if (onBehalfOf !== undefined) merged.onbehalfof = checkHeaderValue('onBehalfOf', onBehalfOf);
  const url = buildUrl(host.url, parts, params, querySerializer);
  const plan: Plan = {
    method,
    operation,
    path,
    host,
    href: url,
    init: { ...rest, method, headers: merged, body: serializeBody(body, merged, bodySerializer), redirect: 'manual' },
    params,
    signal,
    timeout,
    parseAs,
    middleware: middleware ? [...ctx.middleware, ...middleware] : ctx.middleware,
    querySerializer,
    bodySerializer,
    attempts: 1 + (ctx.retryMethods.includes(method) ? maxRetries : 0),
    fetch,
    origin: host.origin,
    maxRedirects: settings.maxRedirects,
    maxResponseBytes: settings.maxResponseBytes,
    url,
    details,
    redact: ctx.redact,
  };
  return plan;
}

/** The fields of a RequestError, as a method of the plan (no closure per request). */
function details(this: Plan): RequestDetails {
  return { method: this.method, operation: this.operation, url: this.redact(this.url) };
}

/** One attempt, with its own timeout; throws what classify() makes of a failure. */
async function attemptOnce(plan: Plan): Promise<Result> {
  const { signal, timeout } = plan;
  // The controller and the timeout timer are made only when fetch reads `init.signal`: a fetch
  // that takes no signal could be neither aborted nor timed out, and an AbortController costs
  // ~10 % of openapi-fetch's per-request time. The signal goes to fetch, not onto the Request:
  // a Request that follows a signal costs ~25 %.
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const state = { timedOut: false, answered: false };
  const control = () => {
    if (!controller) {
      const c = new AbortController();
      controller = c;
      timer = setTimeout(() => {
        state.timedOut = true;
        c.abort();
      }, timeout);
    }
    return controller;
  };
  const init = {
    get signal() {
      return control().signal;
    },
  };
  const onAbort = () => control().abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  try {
    const request = new Request(plan.href, plan.init);
    const response = plan.middleware[0]
      ? await withMiddleware(plan, request, init)
      : await exchange(request, plan, init);
    state.answered = true;
    return await parse(plan, response);
  } catch (cause) {
    throw classify(plan, cause, state);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The error an attempt's failure becomes. The caller's abort and the timeout win over what they
 * caused; our own errors stay; a network error while the body was read becomes ConnectionError;
 * anything else (a middleware's or a custom fetch's own bug) is surfaced as it is, unretried.
 */
function classify(plan: Plan, cause: unknown, state: { timedOut: boolean; answered: boolean }): unknown {
  if (plan.signal?.aborted) return aborted(plan, plan.signal.reason);
  if (state.timedOut) return new TimeoutError(plan.timeout, plan.details());
  if (cause instanceof ChatPlatformError) return cause;
  return state.answered && isTransportError(cause) ? connectionError(cause, plan) : cause;
}

/** The wait before the next attempt, or undefined when there is none. */
function retryWait(
  ctx: Context,
  plan: Plan,
  attempt: number,
  result: Result | undefined,
  failure: unknown,
): number | undefined {
  if (attempt >= plan.attempts) return undefined;
  if (result) {
    const { response } = result;
    return isRetryableStatus(response.status)
      ? retryDelay(attempt - 1, response.headers.get('retry-after'), ctx.settings)
      : undefined;
  }
  return failure instanceof ConnectionError || failure instanceof TimeoutError
    ? retryDelay(attempt - 1, null, ctx.settings)
    : undefined;
}

/** Logs one attempt: debug for an answer, info for a retry, warn for a failure that ends the request. */
function report(
  ctx: Context,
  plan: Plan,
  a: { attempt: number; started: number; result?: Result; failure: unknown; wait?: number },
) {
  const status = a.result ? a.result.response.status : ((a.failure as Error)?.name ?? 'Error');
  const level = a.wait !== undefined ? 1 : typeof status === 'string' || isRetryableStatus(status) ? 2 : 0;
  if (level < ctx.logThreshold) return;
  const { method, operation, url, attempts } = plan;
  ctx.log(level, {
    method,
    operation,
    url,
    status,
    attempt: a.attempt,
    attempts,
    wait: a.wait,
    elapsed: Date.now() - a.started,
  });
}

/** The answer of the last attempt: openapi-fetch's result, or with `throws` the data or the typed error. */
function settle(
  ctx: Context,
  plan: Plan,
  result: Result | undefined,
  failure: unknown,
  throws: boolean,
): Result | unknown {
  if (!result) throw failure;
  const { response } = result;
  const { status } = response;
  if (response.ok) {
    const text = result.data;
    if (plan.parseAs === 'json' && typeof text === 'string') {
      try {
        result.data = text ? JSON.parse(text) : undefined;
      } catch {
        // No `cause`: JSON.parse's message quotes the body, which could echo a secret unredacted.
        throw new InvalidResponseError(status, ctx.redact(text), plan.details());
      }
    }
    return throws ? result.data : result;
  }
  // An error body may echo a credential (some servers quote the rejected key).
  const body = ctx.redact(result.error);
  if (throws) throw new (apiErrorClass(status))(status, body === undefined ? '' : body, plan.details());
  result.error = body;
  return result;
}

const aborted = (plan: Plan, cause: unknown) => new AbortedError('the request was aborted', plan.details(), { cause });

export type { FetchResponse, Middleware };

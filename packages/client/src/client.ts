// createClient(): openapi-fetch's typed interface over every operation of the spec, each call sent
// to its server with only that server's credentials, plus the retries, timeouts and typed errors
// openapi-fetch leaves out by design. Requests are built here (see request.ts): openapi-fetch
// gives the types only.
import type { Client, FetchResponse, Middleware } from 'openapi-fetch';
import {
  AbortedError,
  apiErrorClass,
  ConnectionError,
  InvalidInputError,
  type RequestDetails,
  TimeoutError,
} from './errors.js';
import type { components, paths } from './generated/schema.js';
import { operations, type Region, securityHeaders, servers, userAgent } from './generated/spec.js';
import { createLog, LOG_ENV, type Log, type Logger, type LogLevel } from './log.js';
import { createRedactor, REDACTED, type Redact } from './redact.js';
import { buildUrl, type Init, mergeHeaders, parse, type Result, serializeBody, withMiddleware } from './request.js';
import { type BackoffOptions, isRetryableStatus, retryDelay, sleep } from './retry.js';
import { CREDENTIAL_HEADERS, type Exchange, exchange, type Fetch } from './transport.js';
import {
  check,
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
export type GetCallResponse = components['schemas']['CallRecordEnvelope'];
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
/** The numeric options and their defaults: the first three are counts (retries, redirects, bytes), the others durations in ms. */
const NUMBERS = {
  maxRetries: 2,
  maxRedirects: 5,
  maxResponseBytes: 1 << 20,
  timeout: 30_000,
  initialRetryDelay: 500,
  maxRetryDelay: 8_000,
  maxRetryAfter: 60_000,
};
const METHODS = 'GET PUT POST DELETE OPTIONS HEAD PATCH TRACE'.split(' ');
/** openapi-fetch options the client does not apply per call: refused rather than ignored (see buildRequest). */
const PER_CLIENT = ['baseUrl', 'querySerializer', 'pathSerializer', 'Request'];
/** Each operation: its id, its server, its onBehalfOf header ('' if none) and its path split around the parameters (odd indices are their names). */
const routes: Record<string, [operation: string, server: number, onBehalfOf: string, parts: string[]]> = {};
for (const key in operations) routes[key] = [...operations[key]!, key.split(' ')[1]!.split(/\{([^}]+)\}/)];

interface Host {
  url: string;
  origin: string;
  /** User-Agent and the credentials of this server's operations. */
  headers: Record<string, string>;
  /** A security scheme of this server's operations without a credential: its operations are refused. */
  missing?: string | undefined;
}
/** What every request of one client shares: the checked options and what createClient made of them. */
type Context = typeof NUMBERS &
  BackoffOptions & {
    hosts: Host[];
    redact: Redact;
    /** The configured credentials' values: each request's redactor adds those it sends of its own. */
    secrets: string[];
    retryMethods: string[];
    wait: (ms: number, signal?: AbortSignal) => Promise<void>;
    fetch: Fetch;
    log: Log;
    logThreshold: number;
    middleware: Middleware[];
    /** The fields of a RequestError (the URL redacted), with those of its class. A method, so that every plan has it. */
    details(this: Plan, fields?: object): RequestDetails;
  };
/** One request as buildRequest settled it: the client's context with this request's own settings. */
export interface Plan extends Context, Exchange {
  method: string;
  operation: string;
  path: string;
  host: Host;
  /** The URL and init of every attempt's first Request. */
  href: string;
  init: RequestInit;
  params: NonNullable<Init['params']>;
  signal?: AbortSignal | undefined;
  parseAs: string;
  /** 1 + the retries this method gets. */
  attempts: number;
}

export function createClient(options: ClientOptions = {}) {
  const env = options.env ?? globalThis.process?.env ?? {};
  const setting = (k: string) => options[k as keyof ClientOptions] ?? env[envName(k)];
  const credentials: Record<string, string> = {};
  for (const scheme in securityHeaders) {
    const value = setting(scheme);
    if (value) credentials[scheme] = checkHeaderValue(scheme, value);
  }
  const redact = createRedactor(Object.values(credentials));
  const appId = checkAppId(setting('appId'));
  const region = checkRegion(setting('region'));
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const hosts = servers.map(([template, ...schemes]): Host => {
    const url = baseUrl ?? template.replace('{appId}', appId).replace('{region}', region);
    const headers: Record<string, string> = { 'user-agent': userAgent };
    for (const scheme of schemes) if (credentials[scheme]) headers[securityHeaders[scheme]!] = credentials[scheme];
    return { url, origin: new URL(url).origin, headers, missing: schemes.find((scheme) => !credentials[scheme]) };
  });
  const ctx = {
    random: options.random ?? Math.random,
    hosts,
    redact,
    secrets: Object.values(credentials),
    retryMethods: (options.retryMethods ?? ['GET', 'HEAD']).map((m) => m.toUpperCase()),
    wait: options.sleep ?? sleep,
    fetch: options.fetch ?? ((request, init) => fetch(request, init)),
    ...createLog(options.logLevel ?? env[LOG_ENV], options.logger ?? console),
    middleware: [],
    details(this: Plan, fields?: object) {
      return { method: this.method, operation: this.operation, url: this.redact(this.url), ...fields };
    },
  } as unknown as Context;
  Object.entries(NUMBERS).forEach(([name, fallback], i) => {
    const key = name as keyof typeof NUMBERS;
    ctx[key] = checkNumber(name, options[key] ?? fallback, i < 3);
  });
  const api = createRouter(ctx);
  if (options.middleware) api.use(...options.middleware);
  const description = {
    appId,
    region,
    servers: hosts.map((h) => h.url),
    credentials: Object.fromEntries(Object.keys(credentials).map((k) => [k, REDACTED])),
  };
  return {
    /** The typed openapi-fetch interface over every operation, each routed to its own host with its own credentials. */
    api,
    /** The conveniences: the data of a 2xx answer, or the typed error of any other. */
    ...conveniences((method, path, init) => send(ctx, method, path, init, true)),
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

/** openapi-fetch's interface over every operation, each call sent through send(). */
function createRouter(ctx: Context): ApiClient {
  const { middleware } = ctx;
  const router: Record<string, unknown> = {
    request: (method: string, path: string, init?: Init) => send(ctx, method.toUpperCase(), path, init),
    use: (...added: Middleware[]) => {
      for (const m of added) {
        if (m && !(m.onRequest || m.onResponse || m.onError))
          throw new InvalidInputError('a middleware must have onRequest, onResponse or onError');
        if (m) middleware.push(m);
      }
    },
    eject: (...removed: Middleware[]) => {
      for (const m of removed) if (middleware.includes(m)) middleware.splice(middleware.indexOf(m), 1);
    },
  };
  for (const method of METHODS) router[method] = (path: string, init?: Init) => send(ctx, method, path, init);
  // Built by name above; its calls take exactly openapi-fetch's arguments.
  return router as unknown as ApiClient;
}

/**
 * One call through the retry loop. Answers like openapi-fetch (`{ data | error, response }`); with
 * `throws`, answers the data of a 2xx and throws the typed error of any other status.
 */
// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch types its client per path; this layer is generic over every path of the spec.
async function send(ctx: Context, method: string, path: string, init: Init = {}, throws = false): Promise<any> {
  // A credential given for this request only is redacted like the configured ones, also from
  // the refusals of its input (a path or a header name may quote it).
  const redact = createRedactor([
    ...ctx.secrets,
    ...credentialsIn(init.headers),
    ...credentialsIn(init.params?.header),
  ]);
  let plan: Plan;
  try {
    plan = buildRequest({ ...ctx, redact }, method, path, init);
  } catch (error) {
    throw error instanceof InvalidInputError ? new InvalidInputError(redact(error.message)) : error;
  }
  const { signal, attempts } = plan;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw aborted(plan, signal.reason);
    const started = Date.now();
    let result: Result | undefined;
    let failure: unknown;
    try {
      result = await attemptOnce(plan);
    } catch (error) {
      failure = error;
    }
    const status = result ? result.response.status : ((failure as Error)?.name ?? 'Error');
    // Another attempt after a retryable status, a connection failure or a timeout, if one is left.
    const retryable = result
      ? isRetryableStatus(status as number)
      : failure instanceof ConnectionError || failure instanceof TimeoutError;
    const wait =
      attempt < attempts && retryable
        ? retryDelay(attempt - 1, result?.response.headers.get('retry-after'), plan)
        : undefined;
    // Logged at debug for an answer, info for a retry, warn for a failure that ends the request.
    const level = result && !retryable ? 0 : wait === undefined ? 2 : 1;
    if (level >= plan.logThreshold) {
      const { operation, url } = plan;
      plan.log(
        level,
        { method, operation, url, status, attempt, attempts, wait, elapsed: Date.now() - started },
        plan.redact,
      );
    }
    if (wait === undefined) {
      if (!result) throw failure;
      const { ok } = result.response;
      if (ok) return throws ? result.data : result;
      // An error body may echo a credential (some servers quote the rejected key).
      const body = plan.redact(result.error);
      if (throws)
        throw new (apiErrorClass(status as number))(
          `the API answered ${status}`,
          plan.details({ status, body: body === undefined ? '' : body, headers: redactHeaders(plan, result.response) }),
        );
      result.error = body;
      return result;
    }
    try {
      await plan.wait(wait, signal);
    } catch (cause) {
      throw aborted(plan, cause);
    }
  }
}

/** Everything checked and built before the first attempt: the operation, its credentials, URL, headers, body and options. */
function buildRequest(ctx: Context, method: string, path: string, init: Init): Plan {
  const route = routes[`${method} ${path}`];
  if (!route) throw new InvalidInputError(`${method} ${path} is not an operation of the spec`);
  const [operation, server, onBehalfOfHeader, parts] = route;
  const host = ctx.hosts[server]!;
  if (host.missing) throw new InvalidInputError(`${operation} needs ${optionHint(host.missing)}`);
  // Refused rather than ignored, so that no caller believes a call went to another host or was serialized their way.
  for (const name of PER_CLIENT)
    if (init[name as keyof Init] !== undefined)
      throw new InvalidInputError(`${name} is not supported per call; set the client's options`);
  const {
    maxRetries = ctx.maxRetries,
    timeout = ctx.timeout,
    parseAs = 'json',
    fetch = ctx.fetch,
    onBehalfOf,
    params = {},
    body,
    middleware,
  } = init;
  checkNumber('maxRetries', maxRetries, true);
  checkNumber('timeout', timeout, false);
  const headers = { ...host.headers };
  // JSON's Content-Type comes first, so that the caller's headers replace or remove it (null).
  if (body !== undefined) headers['content-type'] = 'application/json';
  mergeHeaders(headers, init.headers);
  mergeHeaders(headers, params.header);
  if (onBehalfOf !== undefined) {
    check(onBehalfOfHeader, 'onBehalfOf', onBehalfOf, `is not a parameter of ${operation}`, true);
    headers[onBehalfOfHeader] = checkHeaderValue('onBehalfOf', onBehalfOf);
  }
  const url = buildUrl(host.url, parts, params);
  return {
    ...ctx,
    method,
    operation,
    path,
    host,
    href: url,
    // The rest of `init` (cache, keepalive…) goes to the Request, which reads only its own fields;
    // not the signal: a Request that follows one costs ~25 % (attemptOnce() passes it to fetch).
    init: {
      ...init,
      method,
      headers,
      body: serializeBody(body, headers, init.bodySerializer),
      redirect: 'manual',
      signal: undefined,
    } as RequestInit,
    params,
    signal: init.signal,
    timeout,
    parseAs,
    middleware: middleware ? [...ctx.middleware, ...middleware] : ctx.middleware,
    attempts: 1 + (ctx.retryMethods.includes(method) ? maxRetries : 0),
    fetch,
    origin: host.origin,
    url,
  };
}

/** One attempt, with its own timeout; throws the attempt's AbortedError or TimeoutError, or what failed. */
async function attemptOnce(plan: Plan): Promise<Result> {
  const { signal, timeout } = plan;
  // The controller and the timeout timer are made only when fetch reads `init.signal`: a fetch
  // that takes no signal could be neither aborted nor timed out, and an AbortController costs
  // ~10 % of openapi-fetch's per-request time. The signal goes to fetch, not onto the Request:
  // a Request that follows a signal costs ~25 %. Its reason is the error the attempt ends with.
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const control = () => {
    if (!controller) {
      const c = new AbortController();
      controller = c;
      timer = setTimeout(
        () => c.abort(new TimeoutError(`no answer within ${timeout} ms`, plan.details({ timeout }))),
        timeout,
      );
    }
    return controller;
  };
  const init = {
    get signal() {
      return control().signal;
    },
  };
  const onAbort = () => control().abort(aborted(plan, signal!.reason));
  signal?.addEventListener('abort', onAbort);
  try {
    const request = new Request(plan.href, plan.init);
    const response = await (plan.middleware[0] ? withMiddleware : exchange)(plan, request, init);
    return await parse(plan, response);
  } catch (cause) {
    // The caller's abort and the timeout win over what they caused; anything else (our own
    // errors, a middleware's or a custom fetch's own bug) is surfaced as it is.
    throw controller?.signal.aborted ? controller.signal.reason : cause;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The values of the credential headers (apikey, key, secret) among the headers of a call (a record or Headers). */
function credentialsIn(headers?: object): string[] {
  const found: string[] = [];
  for (const [name, value] of headers instanceof Headers ? headers : Object.entries(headers ?? {}))
    if (CREDENTIAL_HEADERS.test(name) && value) found.push(...[value].flat().map(String));
  return found;
}

/** The answer's headers, a credential echoed in any of them redacted. */
const redactHeaders = (plan: Plan, response: Response) => new Headers(plan.redact([...response.headers]));

const aborted = (plan: Plan, cause: unknown) => new AbortedError('the request was aborted', plan.details(), { cause });

export type { FetchResponse, Middleware };

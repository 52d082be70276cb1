// createClient(): openapi-fetch (one client per server of the spec, each with its base URL and
// only that server's credentials) under the platform's policy: the custom fetch of transport.ts
// (redirects, body limit), and the retries, timeouts, logging and typed errors of call.ts.
import createOpenApiFetch, {
  type ClientPathsWithMethod,
  type FetchResponse,
  type MaybeOptionalInit,
  type Middleware,
  type Client as OpenApiClient,
} from 'openapi-fetch';
import { type Context, send as callOnce, type Host, type Init, type Result, type Route } from './call.js';
import { InvalidInputError } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { operations, type Region, securityHeaders, servers, userAgent } from './generated/spec.js';
import { checkLogger, createLog, LOG_ENV, type Logger, type LogLevel } from './log.js';
import { createRedactor, REDACTED } from './redact.js';
import { sleep } from './retry.js';
import type { Fetch } from './transport.js';
import {
  check,
  checkAppId,
  checkBaseUrl,
  checkHeaderValue,
  checkNumber,
  checkRegion,
  envName,
  METHODS,
} from './validate.js';

export type Call = components['schemas']['Call'];
export type CallParticipant = components['schemas']['CallParticipant'];
/** The body of a Get Call answer (the spec's CallRecordEnvelope). */
export type GetCallResponse = components['schemas']['CallRecordEnvelope'];
export type CallRecordEnvelope = GetCallResponse;
export type SendMessageRequest = components['schemas']['SendMessageRequest'];
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
  /** Timeout of each attempt in ms (middleware, connecting, headers and body). Default 30 000. */
  timeout?: number;
}

export interface ClientOptions extends Credentials, RetryOptions {
  /** The app ID from the dashboard (one DNS label). Env: CHATPLATFORM_APP_ID. */
  appId?: string;
  /** The app's data center, one of the spec's regions. Env: CHATPLATFORM_REGION. */
  region?: Region;
  /** Replaces the origin of every server (a mock): each keeps its path (`/v3`). HTTPS, or HTTP on loopback. */
  baseUrl?: string;
  /** Methods that are retried. Default GET and HEAD: a POST is never repeated unless you list it. */
  retryMethods?: readonly string[];
  /** First backoff delay in ms, doubled per retry. Default 500. */
  initialRetryDelay?: number;
  /** Cap of the backoff delay in ms. Default 8 000. */
  maxRetryDelay?: number;
  /** Longest Retry-After honoured, in ms; a longer one is ignored for the backoff. Default 60 000. */
  maxRetryAfter?: number;
  /** Longest response body read, in bytes. Default 1 MiB. */
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

/** Per-request options of the conveniences and of `client.api` calls. */
export interface RequestOptions extends RetryOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
/** Options of the operations that take the `onBehalfOf` header. */
export interface OnBehalfOfOptions extends RequestOptions {
  /** UID of the user on whose behalf the call acts. */
  onBehalfOf?: string;
}

/** The client's own options of one `client.api` call, beside openapi-fetch's (less those set per client). */
export interface ApiCallOptions extends RetryOptions {
  onBehalfOf?: string;
  fetch?: Fetch;
  baseUrl?: never;
  querySerializer?: never;
  pathSerializer?: never;
  Request?: never;
}
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type PathOf<M extends HttpMethod> = ClientPathsWithMethod<OpenApiClient<paths>, M>;
type Allowed<Path extends keyof paths, M extends HttpMethod> = NonNullable<MaybeOptionalInit<paths[Path], M>> &
  ApiCallOptions;
/** `Init` with every key that is not an option refused (a typo such as `timout` does not compile). */
type Exact<Init, Options> = Init & { [K in Exclude<keyof Init, keyof Options>]: never };
/** The init argument: optional when the operation needs no parameter or body. */
type InitArg<Path extends keyof paths, M extends HttpMethod, I> =
  undefined extends MaybeOptionalInit<paths[Path], M>
    ? [init?: Exact<I, Allowed<Path, M>>]
    : [init: Exact<I, Allowed<Path, M>>];
/** What openapi-fetch answers for operation `M` of `Path`. */
type Answer<Path extends keyof paths, M extends HttpMethod, I> = Promise<
  FetchResponse<paths[Path][M] & Record<string, unknown>, I, `${string}/${string}`>
>;
type ApiMethod<M extends HttpMethod> = <Path extends PathOf<M>, I extends Allowed<Path, M>>(
  url: Path,
  ...init: InitArg<Path, M, I>
) => Answer<Path, M, I>;

/** openapi-fetch's typed client over every operation of the spec, with the client's own per-call options. */
export interface ApiClient {
  request<M extends HttpMethod, Path extends PathOf<M>, I extends Allowed<Path, M>>(
    method: M,
    url: Path,
    ...init: InitArg<Path, M, I>
  ): Answer<Path, M, I>;
  GET: ApiMethod<'get'>;
  PUT: ApiMethod<'put'>;
  POST: ApiMethod<'post'>;
  DELETE: ApiMethod<'delete'>;
  OPTIONS: ApiMethod<'options'>;
  HEAD: ApiMethod<'head'>;
  PATCH: ApiMethod<'patch'>;
  TRACE: ApiMethod<'trace'>;
  /** Registers openapi-fetch middleware on every server. */
  use(...middleware: Middleware[]): void;
  eject(...middleware: Middleware[]): void;
}

/** A convenience's answer with the response's status and headers (openai-node's `.withResponse()`). */
export interface WithResponse<T> {
  data: T;
  status: number;
  headers: Headers;
  response: Response;
}

/** The promise of a convenience: its data, or with `.withResponse()` the data with the answer's status and headers. */
export class ApiPromise<T> extends Promise<T> {
  static override get [Symbol.species]() {
    return Promise;
  }
  readonly #answer: Promise<WithResponse<T>>;
  constructor(answer: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#answer = answer;
  }
  /** The data with the response's status and headers. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer;
  }
  // biome-ignore lint/suspicious/noThenProperty: a promise's own then, delegating to the answer's data.
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#answer.then((a) => a.data).then(onfulfilled, onrejected);
  }
  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.then(undefined, onrejected);
  }
  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#answer.then((a) => a.data).finally(onfinally);
  }
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
/** Query parameters as OpenAPI serializes them by default (style form, explode true); the generator refuses any other. */
const QUERY_STYLE = { array: { style: 'form', explode: true }, object: { style: 'form', explode: true } } as const;

export function createClient(options: ClientOptions = {}) {
  return clientOver({ servers, operations }, options);
}

/** The spec's run-time table, as scripts/generate.mjs writes it (src/generated/spec.ts). */
export interface RuntimeSpec {
  servers: [url: string, ...security: string[]][];
  operations: Record<string, Route>;
}

/** The client over a generated table (the tests build one from their own specs). */
export function clientOver(spec: RuntimeSpec, options: ClientOptions = {}) {
  check(options && typeof options === 'object', 'options', typeof options, 'must be an object');
  const env = options.env ?? globalThis.process?.env ?? {};
  check(env && typeof env === 'object', 'env', typeof env, 'must be an object of environment variables');
  const setting = (k: string) => options[k as keyof ClientOptions] ?? env[envName(k)];
  const credentials: Record<string, string> = {};
  for (const scheme in securityHeaders) {
    const value = setting(scheme);
    if (value) credentials[scheme] = checkHeaderValue(scheme, value);
  }
  const appId = checkAppId(setting('appId'));
  const region = checkRegion(setting('region'));
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const hosts = spec.servers.map(([template, ...schemes]): Host => {
    const filled = fillVariables(template, { appId, region });
    // baseUrl replaces the server's origin and keeps its path, as a mock serving production paths needs.
    const url = baseUrl ? baseUrl + filled.replace(/^[a-z]+:\/\/[^/]*/, '') : filled;
    const headers: Record<string, string> = { 'user-agent': userAgent };
    for (const s of schemes) if (credentials[s]) headers[securityHeaders[s]!] = credentials[s];
    const api = createOpenApiFetch<paths>({ baseUrl: url, headers, querySerializer: QUERY_STYLE });
    return { url, origin: new URL(url).origin, api, missing: schemes.find((s) => !credentials[s]) };
  });
  const ctx = context(options, env, spec, hosts, Object.values(credentials));
  const api = createRouter(ctx);
  if (options.middleware !== undefined) {
    check(Array.isArray(options.middleware), 'middleware', typeof options.middleware, 'must be an array');
    api.use(...options.middleware);
  }
  const description = {
    appId,
    region,
    servers: hosts.map((h) => h.url),
    credentials: Object.fromEntries(Object.keys(credentials).map((k) => [k, REDACTED])),
  };
  return {
    /** openapi-fetch's typed interface over every operation, each routed to its own server with its own credentials. */
    api,
    /** The conveniences: the data of a 2xx answer (`.withResponse()` adds status and headers), or the typed error of any other. */
    ...conveniences((method, path, init) => callOnce(ctx, method, path, init, true)),
    toJSON: () => description,
    [Symbol.for('nodejs.util.inspect.custom')]: () => `ChatPlatformClient ${JSON.stringify(description)}`,
  };
}

export type ChatPlatformClient = ReturnType<typeof createClient>;

/**
 * A server URL of the table with each variable it leaves filled by the option of that name (the
 * generator leaves only the variables the options fill, checking the spec's servers declare them).
 */
function fillVariables(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(
        `server ${template}: the variable {${name}} is none the client's options fill (${Object.keys(values).join(', ')}); regenerate the client (pnpm --filter @chatplatform/client generate)`,
      );
    }
    return value;
  });
}

/** Every option but the credentials and hosts, checked. */
function context(options: ClientOptions, env: object, spec: RuntimeSpec, hosts: Host[], secrets: string[]): Context {
  const {
    retryMethods = ['GET', 'HEAD'],
    fetch,
    sleep: wait = sleep,
    random = Math.random,
    logger = console,
  } = options;
  check(Array.isArray(retryMethods), 'retryMethods', retryMethods, `must be an array of methods, e.g. ['GET', 'HEAD']`);
  for (const m of retryMethods)
    check(METHODS.includes(String(m).toUpperCase()), 'retryMethods', m, `is not one of ${METHODS.join(', ')}`);
  check(
    fetch === undefined || typeof fetch === 'function',
    'fetch',
    typeof fetch,
    'must be a function (request, { signal }) => Promise<Response>',
  );
  check(typeof wait === 'function', 'sleep', typeof wait, 'must be a function (ms, signal) => Promise<void>');
  check(typeof random === 'function', 'random', typeof random, 'must be a function returning a number in [0, 1)');
  const numbers = Object.entries(NUMBERS).map(([name, fallback], i) => {
    const value = options[name as keyof typeof NUMBERS];
    return [name, checkNumber(name, value === undefined ? fallback : value, i < 3)];
  });
  return {
    ...(Object.fromEntries(numbers) as typeof NUMBERS),
    random,
    routes: spec.operations,
    hosts,
    secrets,
    redact: createRedactor(secrets),
    retryMethods: retryMethods.map((m) => m.toUpperCase()),
    wait,
    fetch: fetch ?? ((request, init) => globalThis.fetch(request, init)),
    ...createLog(options.logLevel ?? (env as Record<string, string>)[LOG_ENV], checkLogger(logger)),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: openapi-fetch types its client per path; this layer is generic over every path of the spec.
type Caller = (method: string, path: string, init?: Init) => Promise<any>;

/** A convenience's call: an ApiPromise of its data. */
function convenience<T>(call: Caller, method: string, path: string, init?: Init): ApiPromise<T> {
  const answer = call(method, path, init).then((result: Result) => {
    const { status, headers } = result.response;
    return { data: result.data as T, status, headers, response: result.response };
  });
  return new ApiPromise<T>(answer);
}

/** One method per operation, answering its data or throwing the typed error of a non-2xx answer. */
const conveniences = (call: Caller) => ({
  calls: {
    /** Get Call: the full record of one call. Throws an ApiError subclass on a non-2xx answer. */
    get: (sessionId: string, o?: OnBehalfOfOptions) =>
      convenience<GetCallResponse>(call, 'GET', '/calls/{sessionId}', { ...o, params: { path: { sessionId } } }),
  },
  users: {
    /** List users (the response body is not documented by the platform). */
    list: (o?: RequestOptions) => convenience<unknown>(call, 'GET', '/users', { ...o }),
  },
  authTokens: {
    /** Create an auth token for a user (the bodies are not documented by the platform). */
    create: (uid: string, o?: RequestOptions & { body?: unknown }) =>
      convenience<unknown>(call, 'POST', '/users/{uid}/auth_tokens', { ...o, params: { path: { uid } } }),
  },
  messages: {
    /** Send a message, optionally on behalf of a user. */
    send: (body: SendMessageRequest, o?: OnBehalfOfOptions) =>
      convenience<unknown>(call, 'POST', '/messages', { ...o, body }),
  },
  apps: {
    /** Management API: list apps (authenticated with the management key and secret). */
    list: (o?: RequestOptions) => convenience<unknown>(call, 'GET', '/apps', { ...o }),
  },
});

/** openapi-fetch's interface over every operation, each call sent through call.ts's send(). */
function createRouter(ctx: Context): ApiClient {
  const router: Record<string, unknown> = {
    request: (method: string, path: string, init?: Init) => callOnce(ctx, String(method).toUpperCase(), path, init),
    use: (...added: Middleware[]) => {
      for (const m of added)
        if (m && (typeof m !== 'object' || !(m.onRequest || m.onResponse || m.onError)))
          throw new InvalidInputError('a middleware must be an object with onRequest, onResponse or onError');
      for (const host of ctx.hosts) host.api.use(...added);
    },
    eject: (...removed: Middleware[]) => {
      for (const host of ctx.hosts) host.api.eject(...removed);
    },
  };
  for (const method of METHODS) router[method] = (path: string, init?: Init) => callOnce(ctx, method, path, init);
  // Built by name above; its calls take exactly the arguments ApiClient types.
  return router as unknown as ApiClient;
}

export type { FetchResponse, Middleware };

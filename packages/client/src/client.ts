// createClient(): one openapi-fetch client per server of the spec (each carrying only its own
// credentials), a router that sends every typed call to the right one, and the retries, timeouts
// and typed errors openapi-fetch leaves out by design.
import createOpenApiFetch, { type Client, type FetchResponse, type Middleware } from 'openapi-fetch';
import {
  AbortedError,
  ApiError,
  ConnectionError,
  InvalidInputError,
  InvalidResponseError,
  TimeoutError,
  apiErrorClass,
  type RequestDetails,
} from './errors.js';
import type { components, paths } from './generated/schema.js';
import { operations, packageName, packageVersion, securityHeaders, servers, type Region } from './generated/spec.js';
import { createRedactor, REDACTED, type Redact } from './redact.js';
import { isRetryableStatus, retryDelay, sleep as defaultSleep, type BackoffOptions } from './retry.js';
import {
  checkAppId,
  checkBaseUrl,
  checkHeaderValue,
  checkNonNegativeInteger,
  checkPositiveNumber,
  checkRegion,
  checkSessionId,
} from './validate.js';

export type Call = components['schemas']['Call'];
export type CallParticipant = components['schemas']['CallParticipant'];
export type GetCallResponse = components['schemas']['GetCallResponse'];
export type SendMessageRequest = components['schemas']['SendMessageRequest'];
/** The typed openapi-fetch client over every operation of the spec. */
export type ApiClient = Client<paths>;
type Fetch = (input: Request) => Promise<Response>;

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
  /** The fetch used for every attempt. Default globalThis.fetch. */
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

/** Per-request options of the convenience methods (and accepted in the init of `api` calls). */
export interface RequestOptions extends RetryOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const ENV_PREFIX = 'CHATPLATFORM_';
const envName = (option: string) => ENV_PREFIX + option.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

export function createClient(options: ClientOptions = {}) {
  const env = options.env ?? (typeof process === 'undefined' ? {} : process.env);
  const setting = <K extends keyof ClientOptions>(k: K) => options[k] ?? (env[envName(k)] as ClientOptions[K]);

  const credentials: Record<string, string | undefined> = {};
  for (const name of ['apiKey', 'managementKey', 'managementSecret'] as const) {
    const value = setting(name);
    if (value !== undefined && value !== '') credentials[name] = checkHeaderValue(name, value, true);
  }
  const redact = createRedactor(Object.values(credentials));
  const appId = checkAppId(setting('appId'));
  const region = checkRegion(setting('region'));
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const maxRetries = checkNonNegativeInteger('maxRetries', options.maxRetries ?? 2);
  const timeout = checkPositiveNumber('timeout', options.timeout ?? 30_000);
  const retryMethods = new Set((options.retryMethods ?? ['GET', 'HEAD']).map((m) => m.toUpperCase()));
  const backoff: BackoffOptions = {
    initialDelay: checkPositiveNumber('initialRetryDelay', options.initialRetryDelay ?? 500),
    maxDelay: checkPositiveNumber('maxRetryDelay', options.maxRetryDelay ?? 8_000),
    maxRetryAfter: checkPositiveNumber('maxRetryAfter', options.maxRetryAfter ?? 60_000),
    random: options.random ?? Math.random,
  };
  const sleep = options.sleep ?? defaultSleep;
  const baseFetch: Fetch = options.fetch ?? ((request) => globalThis.fetch(request));
  const userAgent = `${packageName}/${packageVersion}`;

  const vars: Record<string, string> = { appId, region };
  const serverUrls = servers.map(
    (s) =>
      baseUrl ??
      s.url.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? (s.variables as Record<string, { default: string }>)[name]!.default),
  );
  const serverClients = servers.map((_, i) => {
    const headers: Record<string, string> = { 'user-agent': userAgent };
    for (const op of Object.values(operations)) {
      if (op.server !== i) continue;
      for (const scheme of op.security) {
        const value = credentials[scheme];
        if (value !== undefined) headers[securityHeaders[scheme]!] = value;
      }
    }
    const client = createOpenApiFetch<paths>({ baseUrl: serverUrls[i], headers });
    if (options.middleware?.length) client.use(...options.middleware);
    return client;
  });

  type Init = Record<string, unknown> & RequestOptions & { parseAs?: string; params?: { header?: Record<string, unknown>; path?: Record<string, unknown> } };
  type Result = { data?: unknown; error?: unknown; response: Response };

  /** One call through the retry loop; answers like openapi-fetch: `{ data | error, response }`. */
  async function send(method: string, path: string, init: Init = {}, meta?: { url: string }): Promise<Result> {
    const op = operations[`${method} ${path}`];
    if (!op) throw new InvalidInputError(`${method} ${path} is not an operation of the spec`);
    for (const scheme of op.security) {
      if (credentials[scheme] === undefined) {
        throw new InvalidInputError(`${op.id} needs the ${scheme} option (or ${envName(scheme)} in the environment)`);
      }
    }
    const {
      maxRetries: requestRetries = maxRetries,
      timeout: requestTimeout = timeout,
      signal,
      parseAs = 'json',
      fetch: requestFetch,
      ...rest
    } = init;
    checkNonNegativeInteger('maxRetries', requestRetries);
    checkPositiveNumber('timeout', requestTimeout);
    checkHeaders(init.headers);
    checkHeaders(init.params?.header);
    const retries = retryMethods.has(method) ? requestRetries : 0;
    const inner = (requestFetch as Fetch | undefined) ?? baseFetch;
    const client = serverClients[op.server]!;
    const details = (url: string): RequestDetails => ({ method, operation: op.id, url: redact(url) });
    let url = serverUrls[op.server] + path;

    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw new AbortedError('the request was aborted', details(url), { cause: signal.reason });
      const controller = new AbortController();
      let timedOut = false;
      let phase = 'before' as 'before' | 'fetch' | 'body';
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, requestTimeout);
      const onAbort = () => controller.abort(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      const attemptFetch: Fetch = async (request) => {
        url = request.url;
        phase = 'fetch';
        const response = await inner(request);
        phase = 'body';
        return response;
      };

      let result: Result;
      let retryAfter: string | null = null;
      try {
        result = (await client.request(method.toLowerCase() as 'get', path as '/users', {
          ...rest,
          // JSON is parsed here rather than by openapi-fetch, to keep the raw text of a malformed body.
          parseAs: parseAs === 'json' ? 'text' : parseAs,
          signal: controller.signal,
          fetch: attemptFetch,
        } as Record<string, unknown>)) as Result;
      } catch (cause) {
        if (signal?.aborted) throw new AbortedError('the request was aborted', details(url), { cause: signal.reason });
        let failure: ConnectionError | TimeoutError;
        if (timedOut) failure = new TimeoutError(requestTimeout, details(url));
        else if (phase === 'fetch' || (phase === 'body' && isTransportError(cause)))
          failure = new ConnectionError(`the connection failed: ${redact(describe(cause))}`, details(url));
        else throw cause; // a middleware's or a custom fetch's own error: not ours to rename
        if (attempt >= retries) throw failure;
        await wait(attempt, null, signal, details(url));
        continue;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }

      const { response } = result;
      if (response.ok) {
        if (parseAs === 'json' && typeof result.data === 'string') {
          const text = result.data;
          try {
            result.data = text === '' ? undefined : JSON.parse(text);
          } catch {
            // No `cause`: JSON.parse's message quotes the body, which could echo a secret unredacted.
            throw new InvalidResponseError(response.status, redact(text), details(url));
          }
        }
        return result;
      }
      if (attempt < retries && isRetryableStatus(response.status)) {
        retryAfter = response.headers.get('retry-after');
        await wait(attempt, retryAfter, signal, details(url));
        continue;
      }
      if (meta) meta.url = url;
      return result;
    }
  }

  async function wait(retry: number, retryAfter: string | null, signal: AbortSignal | undefined, d: RequestDetails) {
    try {
      await sleep(retryDelay(retry, retryAfter, backoff), signal);
    } catch (cause) {
      throw new AbortedError('the request was aborted while waiting to retry', d, { cause });
    }
  }

  /** Throws the typed error of a non-2xx answer; returns the data of a 2xx one. */
  function unwrap<T>(method: string, path: string, result: Result, url: string): T {
    if (result.response.ok) return result.data as T;
    const { status } = result.response;
    const ErrorClass = apiErrorClass(status);
    const body = result.error === undefined ? '' : redact(result.error);
    throw new ErrorClass(status, body, { method, operation: operations[`${method} ${path}`]!.id, url: redact(url) });
  }

  async function call<T>(method: string, path: string, init: Init): Promise<T> {
    const meta = { url: '' };
    return unwrap<T>(method, path, await send(method, path, init, meta), meta.url);
  }

  const router = {
    request: (method: string, path: string, init?: Init) => send(method.toUpperCase(), path, init),
    use: (...middleware: Middleware[]) => serverClients.forEach((c) => c.use(...middleware)),
    eject: (...middleware: Middleware[]) => serverClients.forEach((c) => c.eject(...middleware)),
  } as Record<string, unknown>;
  for (const method of METHODS) router[method] = (path: string, init?: Init) => send(method, path, init);
  const api = router as unknown as ApiClient;

  const withHeader = (o: RequestOptions | undefined, name: string, value: string | undefined) =>
    value === undefined ? o?.headers : { ...o?.headers, [name]: value };

  const description = {
    appId,
    region,
    servers: serverUrls,
    credentials: Object.fromEntries(Object.keys(credentials).map((k) => [k, REDACTED])),
  };

  return {
    /** The typed openapi-fetch client over every operation, each routed to its own host with its own credentials. */
    api,
    calls: {
      /** Get Call: the full record of one call. Throws an ApiError subclass on a non-2xx answer. */
      async get(sessionId: string, o?: RequestOptions & { onBehalfOf?: string }): Promise<GetCallResponse> {
        checkSessionId(sessionId);
        const { onBehalfOf, ...rest } = o ?? {};
        if (onBehalfOf !== undefined) checkHeaderValue('onBehalfOf', onBehalfOf);
        return call('GET', '/calls/{sessionId}', {
          ...rest,
          params: { path: { sessionId }, header: onBehalfOf === undefined ? undefined : { onBehalfOf } },
        });
      },
    },
    users: {
      /** List users (response body not documented by the platform). */
      list: (o?: RequestOptions): Promise<unknown> => call('GET', '/users', { ...o }),
    },
    authTokens: {
      /** Create an auth token for a user (bodies not documented by the platform). */
      create: async (uid: string, o?: RequestOptions & { body?: unknown }): Promise<unknown> =>
        call('POST', '/users/{uid}/auth_tokens', { ...o, params: { path: { uid: checkSessionLike('uid', uid) } } }),
    },
    messages: {
      /** Send a message, optionally on behalf of a user. */
      async send(body: SendMessageRequest, o?: RequestOptions & { onBehalfOf?: string }): Promise<unknown> {
        const { onBehalfOf, ...rest } = o ?? {};
        if (onBehalfOf !== undefined) checkHeaderValue('onBehalfOf', onBehalfOf);
        return call('POST', '/messages', { ...rest, body, headers: withHeader(o, 'onBehalfOf', onBehalfOf) });
      },
    },
    apps: {
      /** Management API: list apps (authenticated with the management key and secret). */
      list: (o?: RequestOptions): Promise<unknown> => call('GET', '/apps', { ...o }),
    },
    toJSON: () => description,
    [Symbol.for('nodejs.util.inspect.custom')]: () => `ChatPlatformClient ${JSON.stringify(description)}`,
  };
}

export type ChatPlatformClient = ReturnType<typeof createClient>;

function checkHeaders(headers: unknown) {
  if (!headers || typeof headers !== 'object' || headers instanceof Headers) return;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string') checkHeaderValue(`header ${name}`, value);
  }
}

function checkSessionLike(name: string, value: string): string {
  try {
    return checkSessionId(value);
  } catch (e) {
    throw new InvalidInputError((e as Error).message.replace('sessionId', name));
  }
}

/** Errors of the network layer (undici) rather than of user code. */
function isTransportError(e: unknown): boolean {
  return e instanceof TypeError || (e instanceof Error && (e.name === 'AbortError' || 'code' in e));
}

function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${(e.cause as Error & { code?: string }).code ?? e.cause.message}` : '';
  return `${e.message}${cause}`;
}

export { ApiError };
export type { FetchResponse, Middleware };

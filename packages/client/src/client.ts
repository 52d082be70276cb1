// createClient(): one openapi-fetch client per server of the spec (each carrying only its own
// credentials), a router that sends every typed call to the right one, and the retries, timeouts
// and typed errors openapi-fetch leaves out by design.
import createOpenApiFetch, { type Client, type FetchResponse, type Middleware } from 'openapi-fetch';
import {
  AbortedError,
  ConnectionError,
  InvalidInputError,
  InvalidResponseError,
  TimeoutError,
  apiErrorClass,
  type RequestDetails,
} from './errors.js';
import type { components, paths } from './generated/schema.js';
import { operations, securityHeaders, servers, userAgent, type Region } from './generated/spec.js';
import { createRedactor, REDACTED } from './redact.js';
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
/** A fetch called as `fetch(request, { signal })`: honour `signal`, it carries the timeout and the caller's abort. */
export type Fetch = (input: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

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

type Init = RequestOptions & {
  [key: string]: unknown;
  parseAs?: string;
  fetch?: Fetch;
  params?: { header?: Record<string, unknown>; path?: Record<string, unknown> };
};
type Result = { data?: unknown; error?: unknown; response: Response };

const envName = (option: string) => `CHATPLATFORM_${option.replace(/[A-Z]/g, '_$&').toUpperCase()}`;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

export function createClient(options: ClientOptions = {}) {
  const env = options.env ?? (typeof process === 'undefined' ? {} : process.env);
  const setting = <K extends keyof ClientOptions>(k: K) => options[k] ?? (env[envName(k)] as ClientOptions[K]);

  const credentials: Record<string, string> = {};
  for (const name of ['apiKey', 'managementKey', 'managementSecret'] as const) {
    const value = setting(name);
    if (value) credentials[name] = checkHeaderValue(name, value, true);
  }
  const redact = createRedactor(Object.values(credentials));
  const appId = checkAppId(setting('appId'));
  const region = checkRegion(setting('region'));
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const maxRetries = checkNonNegativeInteger('maxRetries', options.maxRetries ?? 2);
  const timeout = checkPositiveNumber('timeout', options.timeout ?? 30_000);
  const retryMethods = (options.retryMethods ?? ['GET', 'HEAD']).map((m) => m.toUpperCase());
  const backoff: BackoffOptions = {
    initialDelay: checkPositiveNumber('initialRetryDelay', options.initialRetryDelay ?? 500),
    maxDelay: checkPositiveNumber('maxRetryDelay', options.maxRetryDelay ?? 8_000),
    maxRetryAfter: checkPositiveNumber('maxRetryAfter', options.maxRetryAfter ?? 60_000),
    random: options.random ?? Math.random,
  };
  const sleep = options.sleep ?? defaultSleep;
  const baseFetch: Fetch = options.fetch ?? ((request, init) => fetch(request, init));

  const serverUrls = servers.map((url) => baseUrl ?? url.replace('{appId}', appId).replace('{region}', region));
  const serverClients = serverUrls.map((url, server) => {
    const headers: Record<string, string> = { 'user-agent': userAgent };
    for (const [, opServer, ...security] of Object.values(operations)) {
      for (const scheme of security) {
        if (opServer === server && credentials[scheme]) headers[securityHeaders[scheme]!] = credentials[scheme];
      }
    }
    const client = createOpenApiFetch<paths>({ baseUrl: url, headers });
    if (options.middleware) client.use(...options.middleware);
    return client;
  });

  /** One call through the retry loop; answers like openapi-fetch: `{ data | error, response }`. */
  async function send(method: string, path: string, init: Init = {}, meta?: { url: string }): Promise<Result> {
    const op = operations[`${method} ${path}`];
    if (!op) throw new InvalidInputError(`${method} ${path} is not an operation of the spec`);
    const operation = op[0];
    const server = op[1];
    for (let i = 2; i < op.length; i++) {
      const scheme = op[i] as string;
      if (!credentials[scheme]) throw new InvalidInputError(`${operation} needs the ${scheme} option (or ${envName(scheme)})`);
    }
    const {
      maxRetries: requestRetries = maxRetries,
      timeout: requestTimeout = timeout,
      signal,
      parseAs = 'json',
      fetch: inner = baseFetch,
      onBehalfOf: _, // the conveniences' option, sent as params.header
      ...rest
    } = init;
    if (requestRetries !== maxRetries) checkNonNegativeInteger('maxRetries', requestRetries);
    if (requestTimeout !== timeout) checkPositiveNumber('timeout', requestTimeout);
    if (init.headers) checkHeaders(init.headers);
    if (init.params?.header) checkHeaders(init.params.header);
    const retries = retryMethods.includes(method) ? requestRetries : 0;
    let url = serverUrls[server] + path;
    const details = (): RequestDetails => ({ method, operation, url: redact(url) });
    const aborted = (cause: unknown) => new AbortedError('the request was aborted', details(), { cause });

    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw aborted(signal.reason);
      // The controller and the timeout timer are made only when fetch reads `init.signal`: a fetch
      // that takes no signal could be neither aborted nor timed out, and an AbortController costs
      // ~10 % of openapi-fetch's per-request time. The signal goes to fetch, not onto the Request:
      // a Request that follows a signal costs ~25 %.
      let controller: AbortController | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut = false;
      const control = () => {
        if (!controller) {
          controller = new AbortController();
          timer = setTimeout(() => {
            timedOut = true;
            controller!.abort();
          }, requestTimeout);
        }
        return controller;
      };
      const attemptInit = {
        get signal() {
          return control().signal;
        },
      };
      let phase = 0; // 1: fetch called, 2: response headers received
      const onAbort = () => control().abort(signal!.reason);
      signal?.addEventListener('abort', onAbort);

      let result: Result;
      let failure: ConnectionError | TimeoutError | undefined;
      try {
        result = (await serverClients[server]!.request(method as 'get', path as '/users', {
          ...rest,
          // JSON is parsed here rather than by openapi-fetch, to keep the raw text of a malformed body.
          parseAs: parseAs === 'json' ? 'text' : parseAs,
          fetch: async (request: Request) => {
            url = request.url;
            phase = 1;
            const response = await inner(request, attemptInit);
            phase = 2;
            return response;
          },
        } as never)) as Result;
      } catch (cause) {
        if (signal?.aborted) throw aborted(signal.reason);
        if (timedOut) failure = new TimeoutError(requestTimeout, details());
        else if (phase === 1 || (phase === 2 && isTransportError(cause)))
          failure = new ConnectionError(`the connection failed: ${redact(describe(cause))}`, details());
        else throw cause; // a middleware's or a custom fetch's own error: not ours to rename
        if (attempt >= retries) throw failure;
        await wait(attempt, null, signal);
        continue;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }

      const { response } = result;
      if (response.ok) {
        const text = result.data;
        if (parseAs === 'json' && typeof text === 'string') {
          try {
            result.data = text ? JSON.parse(text) : undefined;
          } catch {
            // No `cause`: JSON.parse's message quotes the body, which could echo a secret unredacted.
            throw new InvalidResponseError(response.status, redact(text), details());
          }
        }
        return result;
      }
      if (attempt < retries && isRetryableStatus(response.status)) {
        await wait(attempt, response.headers.get('retry-after'), signal);
        continue;
      }
      if (meta) meta.url = url;
      // An error body may echo a credential (some servers quote the rejected key).
      if (result.error !== undefined) result.error = redact(result.error);
      return result;
    }

    async function wait(retry: number, retryAfter: string | null, signal?: AbortSignal) {
      try {
        await sleep(retryDelay(retry, retryAfter, backoff), signal);
      } catch (cause) {
        throw aborted(cause);
      }
    }
  }

  /** A call that returns the data of a 2xx answer and throws the typed error of any other. */
  async function call<T>(method: string, path: string, init: Init, onBehalfOf?: string): Promise<T> {
    if (onBehalfOf !== undefined) init.params = { ...init.params, header: { onBehalfOf: checkHeaderValue('onBehalfOf', onBehalfOf) } };
    const meta = { url: '' };
    const result = await send(method, path, init, meta);
    const { status, ok } = result.response;
    if (ok) return result.data as T;
    const body = result.error === undefined ? '' : result.error;
    throw new (apiErrorClass(status))(status, body, { method, operation: operations[`${method} ${path}`]![0], url: redact(meta.url) });
  }

  const router: Record<string, unknown> = {
    request: (method: string, path: string, init?: Init) => send(method.toUpperCase(), path, init),
    use: (...middleware: Middleware[]) => serverClients.forEach((c) => c.use(...middleware)),
    eject: (...middleware: Middleware[]) => serverClients.forEach((c) => c.eject(...middleware)),
  };
  for (const method of METHODS) router[method] = (path: string, init?: Init) => send(method, path, init);

  const description = {
    appId,
    region,
    servers: serverUrls,
    credentials: Object.fromEntries(Object.keys(credentials).map((k) => [k, REDACTED])),
  };

  return {
    /** The typed openapi-fetch client over every operation, each routed to its own host with its own credentials. */
    api: router as unknown as ApiClient,
    calls: {
      /** Get Call: the full record of one call. Throws an ApiError subclass on a non-2xx answer. */
      async get(sessionId: string, o: OnBehalfOfOptions = {}): Promise<GetCallResponse> {
        return call('GET', '/calls/{sessionId}', { ...o, params: { path: { sessionId: checkSessionId(sessionId) } } }, o.onBehalfOf);
      },
    },
    users: {
      /** List users (the response body is not documented by the platform). */
      list: (o?: RequestOptions): Promise<unknown> => call('GET', '/users', { ...o }),
    },
    authTokens: {
      /** Create an auth token for a user (the bodies are not documented by the platform). */
      create: async (uid: string, o?: RequestOptions & { body?: unknown }): Promise<unknown> =>
        call('POST', '/users/{uid}/auth_tokens', { ...o, params: { path: { uid: checkSessionId(uid, 'uid') } } }),
    },
    messages: {
      /** Send a message, optionally on behalf of a user. */
      send: async (body: SendMessageRequest, o: OnBehalfOfOptions = {}): Promise<unknown> =>
        call('POST', '/messages', { ...o, body }, o.onBehalfOf),
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

function checkHeaders(headers: object) {
  if (headers instanceof Headers) return;
  for (const [name, value] of Object.entries(headers)) {
    // Values are not shown: a per-request header may carry a credential.
    if (typeof value === 'string') checkHeaderValue(`header ${name}`, value, true);
  }
}

/** Errors of the network layer (undici) rather than of user code. */
const isTransportError = (e: unknown) => e instanceof TypeError || (e instanceof Error && (e.name === 'AbortError' || 'code' in e));

const describe = (e: unknown) => String((e as { cause?: { code?: string } })?.cause?.code ?? (e as Error)?.message ?? e);

export type { FetchResponse, Middleware };

// createClient(): one openapi-fetch client per server of the spec (each carrying only its own
// credentials), a router that sends every typed call to the right one, and the retries, timeouts
// and typed errors openapi-fetch leaves out by design.
import createOpenApiFetch, { type Client, type FetchResponse, type Middleware } from 'openapi-fetch';
import { AbortedError, ConnectionError, InvalidInputError, InvalidResponseError, TimeoutError, apiErrorClass } from './errors.js';
import type { components, paths } from './generated/schema.js';
import { operations, securityHeaders, servers, userAgent, type Region } from './generated/spec.js';
import { createRedactor, REDACTED } from './redact.js';
import { isRetryableStatus, retryDelay, sleep } from './retry.js';
import { checkAppId, checkBaseUrl, checkHeaderValue, checkNumber, checkRegion, checkSegment, optionHint, envName } from './validate.js';

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
  onBehalfOf?: string;
  parseAs?: string;
  fetch?: Fetch;
  params?: { header?: Record<string, unknown>; path?: Record<string, unknown> };
};
type Result = { data?: unknown; error?: unknown; response: Response };

/** The numeric options and their defaults: a count of retries, then durations in ms. */
const NUMBERS = { maxRetries: 2, timeout: 30_000, initialRetryDelay: 500, maxRetryDelay: 8_000, maxRetryAfter: 60_000 };
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];

export function createClient(options: ClientOptions = {}) {
  const env = options.env ?? (typeof process === 'undefined' ? {} : process.env);
  const setting = (k: string) => options[k as keyof ClientOptions] ?? env[envName(k)];

  // One option per security scheme of the spec, named after it.
  const credentials: Record<string, string> = {};
  for (const scheme in securityHeaders) {
    const value = setting(scheme);
    if (value) credentials[scheme] = checkHeaderValue(scheme, value);
  }
  const redact = createRedactor(Object.values(credentials));
  const appId = checkAppId(setting('appId'));
  const region = checkRegion(setting('region'));
  const baseUrl = options.baseUrl === undefined ? undefined : checkBaseUrl(options.baseUrl);
  const settings = { random: options.random ?? Math.random } as typeof NUMBERS & { random: () => number };
  for (const [name, fallback] of Object.entries(NUMBERS) as [keyof typeof NUMBERS, number][]) {
    settings[name] = checkNumber(name, options[name] ?? fallback, name === 'maxRetries');
  }
  const retryMethods = (options.retryMethods ?? ['GET', 'HEAD']).map((m) => m.toUpperCase());
  const wait = options.sleep ?? sleep;
  const baseFetch: Fetch = options.fetch ?? ((request, init) => fetch(request, init));

  // One openapi-fetch client per server, carrying only the credentials of that server's operations.
  const hosts = servers.map(([template, ...schemes]) => {
    const url = baseUrl ?? template.replace('{appId}', appId).replace('{region}', region);
    const headers: Record<string, string> = { 'user-agent': userAgent };
    for (const scheme of schemes) if (credentials[scheme]) headers[securityHeaders[scheme]!] = credentials[scheme];
    const client = createOpenApiFetch<paths>({ baseUrl: url, headers });
    if (options.middleware) client.use(...options.middleware);
    return { url, client, schemes };
  });

  /**
   * One call through the retry loop. Answers like openapi-fetch (`{ data | error, response }`); with
   * `throws`, answers the data of a 2xx and throws the typed error of any other status.
   */
  async function send(method: string, path: string, init: Init = {}, throws?: boolean): Promise<Result> {
    const op = operations[`${method} ${path}`];
    if (!op) throw new InvalidInputError(`${method} ${path} is not an operation of the spec`);
    const [operation, server] = op;
    const { url: hostUrl, client, schemes } = hosts[server]!;
    for (const scheme of schemes) if (!credentials[scheme]) throw new InvalidInputError(`${operation} needs ${optionHint(scheme)}`);
    const {
      maxRetries = settings.maxRetries,
      timeout = settings.timeout,
      signal,
      parseAs = 'json',
      fetch: inner = baseFetch,
      onBehalfOf,
      ...rest
    } = init;
    if (maxRetries !== settings.maxRetries) checkNumber('maxRetries', maxRetries, true);
    if (timeout !== settings.timeout) checkNumber('timeout', timeout, false);
    checkHeaders(init.headers);
    checkHeaders(init.params?.header);
    if (onBehalfOf !== undefined) rest.params = { ...rest.params, header: { onBehalfOf: checkHeaderValue('onBehalfOf', onBehalfOf) } };
    const retries = retryMethods.includes(method) ? maxRetries : 0;
    let url = hostUrl + path;
    const details = () => ({ method, operation, url: redact(url) });
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
          }, timeout);
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

      let result: Result | undefined;
      let failure: Error | undefined;
      try {
        result = (await client.request(method as 'get', path as '/users', {
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
        if (timedOut) failure = new TimeoutError(timeout, details());
        else if (phase === 1 || (phase === 2 && isTransportError(cause)))
          failure = new ConnectionError(`the connection failed: ${redact(transportReason(cause))}`, details());
        else throw cause; // a middleware's or a custom fetch's own error: not ours to rename
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }

      let retryAfter = null;
      if (result) {
        const { response } = result;
        const { status } = response;
        if (response.ok) {
          const text = result.data;
          if (parseAs === 'json' && typeof text === 'string') {
            try {
              result.data = text ? JSON.parse(text) : undefined;
            } catch {
              // No `cause`: JSON.parse's message quotes the body, which could echo a secret unredacted.
              throw new InvalidResponseError(status, redact(text), details());
            }
          }
          return throws ? (result.data as Result) : result;
        }
        if (attempt >= retries || !isRetryableStatus(status)) {
          // An error body may echo a credential (some servers quote the rejected key).
          const body = redact(result.error);
          if (throws) throw new (apiErrorClass(status))(status, body === undefined ? '' : body, details());
          result.error = body;
          return result;
        }
        retryAfter = response.headers.get('retry-after');
      } else if (attempt >= retries) throw failure;
      try {
        await wait(retryDelay(attempt, retryAfter, settings), signal);
      } catch (cause) {
        throw aborted(cause);
      }
    }
  }

  /** A convenience: the data of a 2xx answer, or the typed error of any other. */
  const call = (method: string, path: string, init?: object): Promise<any> => send(method, path, init as Init, true);

  const router: Record<string, unknown> = {
    request: (method: string, path: string, init?: Init) => send(method.toUpperCase(), path, init),
    use: (...middleware: Middleware[]) => hosts.forEach((h) => h.client.use(...middleware)),
    eject: (...middleware: Middleware[]) => hosts.forEach((h) => h.client.eject(...middleware)),
  };
  for (const method of METHODS) router[method] = (path: string, init?: Init) => send(method, path, init);

  const description = {
    appId,
    region,
    servers: hosts.map((h) => h.url),
    credentials: Object.fromEntries(Object.keys(credentials).map((k) => [k, REDACTED])),
  };

  // The conveniences that check an argument are `async`, so that a refused argument rejects like
  // every other failure instead of throwing synchronously.
  return {
    /** The typed openapi-fetch client over every operation, each routed to its own host with its own credentials. */
    api: router as unknown as ApiClient,
    calls: {
      /** Get Call: the full record of one call. Throws an ApiError subclass on a non-2xx answer. */
      get: async (sessionId: string, o?: OnBehalfOfOptions): Promise<GetCallResponse> =>
        call('GET', '/calls/{sessionId}', { ...o, params: { path: { sessionId: checkSegment(sessionId, 'sessionId') } } }),
    },
    users: {
      /** List users (the response body is not documented by the platform). */
      list: (o?: RequestOptions): Promise<unknown> => call('GET', '/users', o),
    },
    authTokens: {
      /** Create an auth token for a user (the bodies are not documented by the platform). */
      create: async (uid: string, o?: RequestOptions & { body?: unknown }): Promise<unknown> =>
        call('POST', '/users/{uid}/auth_tokens', { ...o, params: { path: { uid: checkSegment(uid, 'uid') } } }),
    },
    messages: {
      /** Send a message, optionally on behalf of a user. */
      send: (body: SendMessageRequest, o?: OnBehalfOfOptions): Promise<unknown> => call('POST', '/messages', { ...o, body }),
    },
    apps: {
      /** Management API: list apps (authenticated with the management key and secret). */
      list: (o?: RequestOptions): Promise<unknown> => call('GET', '/apps', o),
    },
    toJSON: () => description,
    [Symbol.for('nodejs.util.inspect.custom')]: () => `ChatPlatformClient ${JSON.stringify(description)}`,
  };
}

export type ChatPlatformClient = ReturnType<typeof createClient>;

/** Per-request header values; not shown in the message, a header may carry a credential. */
function checkHeaders(headers?: object) {
  if (headers && !(headers instanceof Headers)) {
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value === 'string') checkHeaderValue(`header ${name}`, value);
    }
  }
}

/** Errors of the network layer (undici) rather than of user code. */
const isTransportError = (e: unknown) => e instanceof TypeError || (e instanceof Error && (e.name === 'AbortError' || 'code' in e));

/** undici's error code (ECONNRESET…) when it has one, else the message. */
const transportReason = (e: unknown) => String((e as { cause?: { code?: string } })?.cause?.code ?? (e as Error)?.message ?? e);

export type { FetchResponse, Middleware };

// One error class per failure kind, so callers can `instanceof` instead of parsing messages.
// Every message and field is redacted by the client before an error is built (see redact.ts).
// The kinds without fields of their own come from one factory (kind()): a class statement each
// would repeat the same boilerplate in the bundle for every kind.

/** What every error about a request carries. */
export interface RequestDetails {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** The spec's operationId, e.g. `get-call`. */
  operation: string;
  /** The request URL (carries no credentials: those travel in headers). */
  url: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base constructor must take `any[]` (TypeScript's rule for class factories).
type ErrorClass = new (...args: any[]) => Error;

/** A subclass of `base` whose instances are named `${kindName}Error`; `Fields` types what its errors carry besides the base's. */
const kind = <C extends ErrorClass, Fields = unknown>(kindName: string, base: C) =>
  class extends base {
    override name = `${kindName}Error`;
  } as unknown as Kind<C, InstanceType<C> & Fields>;

/** The type of a kind: constructed like its base, its instances typed with their fields (no static side: none is used). */
type Kind<C extends ErrorClass, Instance> = { new (...args: ConstructorParameters<C>): Instance; prototype: Instance };

/** Base class of every error this package throws. */
export const ChatPlatformError = kind('ChatPlatform', Error);
export type ChatPlatformError = InstanceType<typeof ChatPlatformError>;

/** An option or argument was refused before anything was sent. */
export const InvalidInputError = kind('InvalidInput', ChatPlatformError);
export type InvalidInputError = InstanceType<typeof InvalidInputError>;

/**
 * A request failed. Its fields come from `details`: the request's, plus those of the subclass
 * (`status`, `body`, `timeout`…), so that no subclass needs a constructor of its own.
 */
export class RequestError extends ChatPlatformError implements RequestDetails {
  override name = 'RequestError';
  declare readonly method: string;
  declare readonly operation: string;
  declare readonly url: string;
  constructor(message: string, details: RequestDetails & object, options?: { cause?: unknown }) {
    super(`${message} (${details.method} ${details.url}, operation ${details.operation})`, options);
    Object.assign(this, details);
  }
}

/** The server answered with a non-2xx status. `body` is the parsed JSON, or the raw text when it is not JSON (`''` when empty). */
export class ApiError<Body = unknown> extends RequestError {
  override name = 'ApiError';
  declare readonly status: number;
  declare readonly body: Body;
}
/** 400: the request was not accepted. */
export const BadRequestError = kind('BadRequest', ApiError);
export type BadRequestError<Body = unknown> = ApiError<Body>;
/** 401: the API key (or the management key and secret) is missing or wrong. */
export const AuthenticationError = kind('Authentication', ApiError);
export type AuthenticationError<Body = unknown> = ApiError<Body>;
/** 403: the key's scope does not allow this operation (e.g. an `authOnly` key). */
export const PermissionDeniedError = kind('PermissionDenied', ApiError);
export type PermissionDeniedError<Body = unknown> = ApiError<Body>;
/** 404: no such resource. */
export const NotFoundError = kind('NotFound', ApiError);
export type NotFoundError<Body = unknown> = ApiError<Body>;
/** 429: rate limited, still so after the retries. */
export const RateLimitError = kind('RateLimit', ApiError);
export type RateLimitError<Body = unknown> = ApiError<Body>;
/** 5xx: the server failed, still so after the retries. */
export const ServerError = kind('Server', ApiError);
export type ServerError<Body = unknown> = ApiError<Body>;

/** A 2xx answer whose body is not the JSON it should be. `rawText` holds what came. */
export const InvalidResponseError = kind<typeof RequestError, { readonly status: number; readonly rawText: string }>(
  'InvalidResponse',
  RequestError,
);
export type InvalidResponseError = InstanceType<typeof InvalidResponseError>;

/** No answer: DNS, refused or reset connection, TLS failure. Retried on safe methods. */
export const ConnectionError = kind('Connection', RequestError);
export type ConnectionError = InstanceType<typeof ConnectionError>;

/** An attempt took longer than the `timeout` option. Retried on safe methods. */
export const TimeoutError = kind<typeof RequestError, { readonly timeout: number }>('Timeout', RequestError);
export type TimeoutError = InstanceType<typeof TimeoutError>;

/**
 * A redirect was refused: to another origin (credentials are only sent to the configured one),
 * from https to http, past `maxRedirects`, or with a Location that is not a URL. `location` is the
 * target without its query. Never retried.
 */
export const RedirectError = kind<typeof RequestError, { readonly status: number; readonly location: string }>(
  'Redirect',
  RequestError,
);
export type RedirectError = InstanceType<typeof RedirectError>;

/** A response body longer than `maxResponseBytes`: reading stopped there and the connection was closed. Never retried. */
export const ResponseTooLargeError = kind<typeof RequestError, { readonly maxResponseBytes: number }>(
  'ResponseTooLarge',
  RequestError,
);
export type ResponseTooLargeError = InstanceType<typeof ResponseTooLargeError>;

/** The caller's `signal` aborted the request. Never retried. */
export const AbortedError = kind('Aborted', RequestError);
export type AbortedError = InstanceType<typeof AbortedError>;

/** A class of the errors of a status: ApiError or one of its kinds. */
type ApiErrorClass = new (...args: ConstructorParameters<typeof ApiError>) => ApiError;

const BY_STATUS: Record<number, ApiErrorClass> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  429: RateLimitError,
};

/** The error class for a non-2xx status. */
export const apiErrorClass = (status: number): ApiErrorClass =>
  BY_STATUS[status] ?? (status > 499 ? ServerError : ApiError);

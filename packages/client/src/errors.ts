// One class per failure kind, as openai-node has them, so that callers can `instanceof` (and
// TypeScript can narrow) instead of parsing messages. Each kind is a class of its own with a
// literal `name` (and `status` where it has one): structurally different types, so that
// `if (e instanceof NotFoundError) return;` leaves the other kinds in `e`. The name is set on the
// prototype, so that the stack's first line says it and no instance carries it as a field.
// Every message and field is redacted by the client before an error is built (see redact.ts).

/** What every error about a request carries. */
export interface RequestDetails {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** The spec's operationId, e.g. `get-call`. */
  operation: string;
  /** The request URL (carries no credentials: those travel in headers). */
  url: string;
}

/** Base class of every error this package throws. */
export class ChatPlatformError extends Error {
  static {
    ChatPlatformError.prototype.name = 'ChatPlatformError';
  }
}

/** An option or argument was refused before anything was sent. */
export class InvalidInputError extends ChatPlatformError {
  static {
    InvalidInputError.prototype.name = 'InvalidInputError';
  }
  declare name: 'InvalidInputError';
}

/**
 * A request failed. Its fields come from `details`: the request's, plus those of the subclass
 * (`status`, `body`, `timeout`…).
 */
export class RequestError extends ChatPlatformError implements RequestDetails {
  static {
    RequestError.prototype.name = 'RequestError';
  }
  declare readonly method: string;
  declare readonly operation: string;
  declare readonly url: string;
  constructor(message: string, details: RequestDetails & object, options?: { cause?: unknown }) {
    super(`${message} (${details.method} ${details.url}, operation ${details.operation})`, options);
    Object.assign(this, details);
  }
}

/**
 * The server answered with a non-2xx status. `body` is the parsed JSON, or the raw text when it
 * is not JSON (`''` when empty, cut at `maxResponseBytes` when longer); `headers` are the answer's.
 */
export class ApiError<Body = unknown, Status extends number = number> extends RequestError {
  static {
    ApiError.prototype.name = 'ApiError';
  }
  declare readonly status: Status;
  declare readonly body: Body;
  declare readonly headers: Headers;
}

/** 400: the request was not accepted. */
export class BadRequestError<Body = unknown> extends ApiError<Body, 400> {
  static {
    BadRequestError.prototype.name = 'BadRequestError';
  }
  declare name: 'BadRequestError';
}

/** 401: the API key (or the management key and secret) is missing or wrong. */
export class AuthenticationError<Body = unknown> extends ApiError<Body, 401> {
  static {
    AuthenticationError.prototype.name = 'AuthenticationError';
  }
  declare name: 'AuthenticationError';
}

/** 403: the key's scope does not allow this operation (e.g. an `authOnly` key). */
export class PermissionDeniedError<Body = unknown> extends ApiError<Body, 403> {
  static {
    PermissionDeniedError.prototype.name = 'PermissionDeniedError';
  }
  declare name: 'PermissionDeniedError';
}

/** 404: no such resource. */
export class NotFoundError<Body = unknown> extends ApiError<Body, 404> {
  static {
    NotFoundError.prototype.name = 'NotFoundError';
  }
  declare name: 'NotFoundError';
}

/** 429: rate limited, still so after the retries. */
export class RateLimitError<Body = unknown> extends ApiError<Body, 429> {
  static {
    RateLimitError.prototype.name = 'RateLimitError';
  }
  declare name: 'RateLimitError';
}

/** 5xx: the server failed, still so after the retries. */
export class ServerError<Body = unknown> extends ApiError<Body> {
  static {
    ServerError.prototype.name = 'ServerError';
  }
  declare name: 'ServerError';
}

/** A 2xx answer whose body is not what the spec declares (empty, `null`, not JSON…). `rawText` holds what came. */
export class InvalidResponseError extends RequestError {
  static {
    InvalidResponseError.prototype.name = 'InvalidResponseError';
  }
  declare name: 'InvalidResponseError';
  declare readonly status: number;
  declare readonly rawText: string;
}

/** No answer: DNS, refused or reset connection, TLS failure. Retried on the retried methods. */
export class ConnectionError extends RequestError {
  static {
    ConnectionError.prototype.name = 'ConnectionError';
  }
  declare name: 'ConnectionError';
}

/** An attempt took longer than the `timeout` option. Retried on the retried methods. */
export class TimeoutError extends RequestError {
  static {
    TimeoutError.prototype.name = 'TimeoutError';
  }
  declare name: 'TimeoutError';
  declare readonly timeout: number;
}

/**
 * A redirect was refused: to another origin (credentials are only sent to the configured one),
 * from https to http, past `maxRedirects`, to a URL carrying user info, or with a Location that
 * is not a URL. `location` is the target without its user info and query. Never retried.
 */
export class RedirectError extends RequestError {
  static {
    RedirectError.prototype.name = 'RedirectError';
  }
  declare name: 'RedirectError';
  declare readonly status: number;
  declare readonly location: string;
}

/** A 2xx body longer than `maxResponseBytes`: reading stopped there and the connection was closed. Never retried. */
export class ResponseTooLargeError extends RequestError {
  static {
    ResponseTooLargeError.prototype.name = 'ResponseTooLargeError';
  }
  declare name: 'ResponseTooLargeError';
  declare readonly status: number;
  declare readonly maxResponseBytes: number;
}

/** The caller's `signal` aborted the request. Never retried. */
export class AbortedError extends RequestError {
  static {
    AbortedError.prototype.name = 'AbortedError';
  }
  declare name: 'AbortedError';
}

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

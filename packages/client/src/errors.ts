// One error class per failure kind, so callers can `instanceof` instead of parsing messages.
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
  override name = 'ChatPlatformError';
}

/** An option or argument was refused before anything was sent. */
export class InvalidInputError extends ChatPlatformError {
  override name = 'InvalidInputError';
}

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
export class BadRequestError<Body = unknown> extends ApiError<Body> {
  override name = 'BadRequestError';
}
/** 401: the API key (or the management key and secret) is missing or wrong. */
export class AuthenticationError<Body = unknown> extends ApiError<Body> {
  override name = 'AuthenticationError';
}
/** 403: the key's scope does not allow this operation (e.g. an `authOnly` key). */
export class PermissionDeniedError<Body = unknown> extends ApiError<Body> {
  override name = 'PermissionDeniedError';
}
/** 404: no such resource. */
export class NotFoundError<Body = unknown> extends ApiError<Body> {
  override name = 'NotFoundError';
}
/** 429: rate limited, still so after the retries. */
export class RateLimitError<Body = unknown> extends ApiError<Body> {
  override name = 'RateLimitError';
}
/** 5xx: the server failed, still so after the retries. */
export class ServerError<Body = unknown> extends ApiError<Body> {
  override name = 'ServerError';
}

/** A 2xx answer whose body is not the JSON it should be. `rawText` holds what came. */
export class InvalidResponseError extends RequestError {
  override name = 'InvalidResponseError';
  declare readonly status: number;
  declare readonly rawText: string;
}

/** No answer: DNS, refused or reset connection, TLS failure. Retried on safe methods. */
export class ConnectionError extends RequestError {
  override name = 'ConnectionError';
}

/** An attempt took longer than the `timeout` option. Retried on safe methods. */
export class TimeoutError extends RequestError {
  override name = 'TimeoutError';
  declare readonly timeout: number;
}

/**
 * A redirect was refused: to another origin (credentials are only sent to the configured one),
 * from https to http, past `maxRedirects`, or with a Location that is not a URL. `location` is the
 * target without its query. Never retried.
 */
export class RedirectError extends RequestError {
  override name = 'RedirectError';
  declare readonly status: number;
  declare readonly location: string;
}

/** A response body longer than `maxResponseBytes`: reading stopped there and the connection was closed. Never retried. */
export class ResponseTooLargeError extends RequestError {
  override name = 'ResponseTooLargeError';
  declare readonly maxResponseBytes: number;
}

/** The caller's `signal` aborted the request. Never retried. */
export class AbortedError extends RequestError {
  override name = 'AbortedError';
}

const BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  429: RateLimitError,
};

/** The error class for a non-2xx status. */
export const apiErrorClass = (status: number): typeof ApiError =>
  BY_STATUS[status] ?? (status > 499 ? ServerError : ApiError);

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

/** A request failed. */
export class RequestError extends ChatPlatformError implements RequestDetails {
  override name = 'RequestError';
  readonly method: string;
  readonly operation: string;
  readonly url: string;
  constructor(message: string, details: RequestDetails, options?: { cause?: unknown }) {
    super(`${message} (${details.method} ${details.url}, operation ${details.operation})`, options);
    this.method = details.method;
    this.operation = details.operation;
    this.url = details.url;
  }
}

/** The server answered with a non-2xx status. `body` is the parsed JSON, or the raw text when it is not JSON (`''` when empty). */
export class ApiError<Body = unknown> extends RequestError {
  override name = 'ApiError';
  readonly status: number;
  readonly body: Body;
  constructor(status: number, body: Body, details: RequestDetails) {
    super(`the API answered ${status}`, details);
    this.status = status;
    this.body = body;
  }
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
  readonly status: number;
  readonly rawText: string;
  constructor(status: number, rawText: string, details: RequestDetails, options?: { cause?: unknown }) {
    super(`the API answered ${status} with a body that is not valid JSON`, details, options);
    this.status = status;
    this.rawText = rawText;
  }
}

/** No answer: DNS, refused or reset connection, TLS failure. Retried on safe methods. */
export class ConnectionError extends RequestError {
  override name = 'ConnectionError';
}

/** An attempt took longer than the `timeout` option. Retried on safe methods. */
export class TimeoutError extends RequestError {
  override name = 'TimeoutError';
  readonly timeout: number;
  constructor(timeout: number, details: RequestDetails) {
    super(`no answer within ${timeout} ms`, details);
    this.timeout = timeout;
  }
}

/** The caller's `signal` aborted the request. Never retried. */
export class AbortedError extends RequestError {
  override name = 'AbortedError';
}

/** The error class for a non-2xx status. */
export function apiErrorClass(status: number): typeof ApiError {
  if (status === 400) return BadRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionDeniedError;
  if (status === 404) return NotFoundError;
  if (status === 429) return RateLimitError;
  if (status >= 500) return ServerError;
  return ApiError;
}

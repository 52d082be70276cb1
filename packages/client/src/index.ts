export { createClient } from './client.js';
export type {
  ApiClient,
  Call,
  CallParticipant,
  ChatPlatformClient,
  ClientOptions,
  Credentials,
  Fetch,
  GetCallResponse,
  Logger,
  LogLevel,
  Middleware,
  OnBehalfOfOptions,
  RequestOptions,
  RetryOptions,
  SendMessageRequest,
} from './client.js';
export {
  AbortedError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ChatPlatformError,
  ConnectionError,
  InvalidInputError,
  InvalidResponseError,
  RedirectError,
  ResponseTooLargeError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestError,
  ServerError,
  TimeoutError,
  type RequestDetails,
} from './errors.js';
export type { AttemptLog } from './log.js';
export { regions, type Region } from './generated/spec.js';
export type { components, paths } from './generated/schema.js';

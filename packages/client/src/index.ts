export type {
  ApiCallOptions,
  ApiClient,
  Call,
  CallParticipant,
  CallRecordEnvelope,
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
  WithResponse,
} from './client.js';
export { ApiPromise, createClient } from './client.js';
export {
  AbortedError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ChatPlatformError,
  ConnectionError,
  InvalidInputError,
  InvalidResponseError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  type RequestDetails,
  RequestError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
} from './errors.js';
export type { components, paths } from './generated/schema.js';
export { type Region, regions } from './generated/spec.js';
export type { AttemptLog } from './log.js';

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
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestError,
  ServerError,
  TimeoutError,
  type RequestDetails,
} from './errors.js';
export { regions, type Region } from './generated/spec.js';
export type { components, paths } from './generated/schema.js';

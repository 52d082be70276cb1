// The error classes: one real class per kind, each with its name, narrowed by `instanceof` in
// strict TypeScript (type tests with expectTypeOf), literal statuses, and what an ApiError carries.
import { describe, expect, expectTypeOf, test } from 'vitest';
import {
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
  RequestError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { clientFor } from '../support/helpers.js';
import { closeServers, startServer } from '../support/server.js';

const CLASSES = {
  ChatPlatformError,
  InvalidInputError,
  RequestError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  RateLimitError,
  ServerError,
  InvalidResponseError,
  ConnectionError,
  TimeoutError,
  RedirectError,
  ResponseTooLargeError,
  AbortedError,
};

describe('one real class per kind', () => {
  test.each(Object.entries(CLASSES))('%s: its constructor and its errors are named after it', (name, Class) => {
    expect(Class.name).toBe(name);
    const details = { method: 'GET', operation: 'get-call', url: 'https://h.test/v3/calls/s1' };
    const error = new (Class as typeof RequestError)('it failed', details);
    expect(error.name).toBe(name);
    expect(error.stack?.split('\n')[0]).toMatch(new RegExp(`^${name}: it failed`));
    expect(error).toBeInstanceOf(ChatPlatformError);
    expect(Object.keys(error)).not.toContain('name');
  });

  test('no two kinds are the same class', () => {
    expect(new Set(Object.values(CLASSES)).size).toBe(Object.keys(CLASSES).length);
    const details = { method: 'GET', operation: 'get-call', url: 'u' };
    expect(new NotFoundError('x', details)).not.toBeInstanceOf(ServerError);
    expect(new TimeoutError('x', details)).not.toBeInstanceOf(ConnectionError);
  });
});

describe('instanceof narrows in strict TypeScript', () => {
  test('ruling out one kind leaves the others (not never)', () => {
    const otherThanNotFound = (e: ApiError) => {
      if (e instanceof NotFoundError) return undefined;
      return e;
    };
    expectTypeOf(otherThanNotFound).returns.toEqualTypeOf<ApiError | undefined>();
    const otherThanTimeout = (e: RequestError) => {
      if (e instanceof TimeoutError) return undefined;
      return e;
    };
    expectTypeOf(otherThanTimeout).returns.toEqualTypeOf<RequestError | undefined>();
    const serverOrRateLimit = (e: RateLimitError | ServerError) => {
      if (e instanceof RateLimitError) return 'rate' as const;
      expectTypeOf(e).toEqualTypeOf<ServerError>();
      return e.status;
    };
    expectTypeOf(serverOrRateLimit).returns.toEqualTypeOf<'rate' | number>();
  });

  test('each kind has its literal status and name, and the fields of its kind', () => {
    const narrow = (e: unknown) => {
      if (e instanceof NotFoundError) {
        expectTypeOf(e.status).toEqualTypeOf<404>();
        expectTypeOf(e.name).toEqualTypeOf<'NotFoundError'>();
        expectTypeOf(e.headers).toEqualTypeOf<Headers>();
      } else if (e instanceof RateLimitError) {
        expectTypeOf(e.status).toEqualTypeOf<429>();
      } else if (e instanceof BadRequestError) {
        expectTypeOf(e.status).toEqualTypeOf<400>();
      } else if (e instanceof AuthenticationError) {
        expectTypeOf(e.status).toEqualTypeOf<401>();
      } else if (e instanceof PermissionDeniedError) {
        expectTypeOf(e.status).toEqualTypeOf<403>();
      } else if (e instanceof TimeoutError) {
        expectTypeOf(e.timeout).toEqualTypeOf<number>();
      } else if (e instanceof ServerError) {
        expectTypeOf(e.name).toEqualTypeOf<'ServerError'>();
        expectTypeOf(e).toExtend<ApiError>();
      }
    };
    narrow(undefined);
  });
});

describe('what an ApiError carries', () => {
  test("the answer's headers, beside status and body", async () => {
    const server = await startServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/json', 'x-request-id': 'r-1' }).end('{"error":"no"}'),
    );
    const { client } = clientFor(server.url);
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const notFound = error as NotFoundError;
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual({ error: 'no' });
    expect(notFound.headers).toBeInstanceOf(Headers);
    expect(notFound.headers.get('x-request-id')).toBe('r-1');
    await closeServers();
  });

  test('a 5xx whose body is over maxResponseBytes stays a ServerError, its body cut off', async () => {
    const page = `<html>${'x'.repeat(10_000)}</html>`;
    const server = await startServer((_req, res) => res.writeHead(503, { 'content-type': 'text/html' }).end(page));
    const { client } = clientFor(server.url, { maxResponseBytes: 1000, maxRetries: 0 });
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, body: page.slice(0, 1000) });
    await closeServers();
  });
});

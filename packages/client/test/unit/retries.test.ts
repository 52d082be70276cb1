// Retries, timeouts and error classes against a scripted fault server on 127.0.0.1. Waits between
// attempts are recorded by an injected sleep (nothing really sleeps); only the timeout tests wait,
// for a 150 ms timeout.
import { afterEach, describe, expect, test } from 'vitest';
import {
  AbortedError,
  ConnectionError,
  InvalidResponseError,
  RateLimitError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { type Fault, type FaultServer, json, startFaultServer } from '../support/fault-server.js';
import { clientFor } from '../support/helpers.js';

const CALL = { data: [{ sessionId: 's1' }] };
let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function scripted(script: Fault[], options: Parameters<typeof clientFor>[1] = {}) {
  server = await startFaultServer(script);
  return { server, ...clientFor(server.url, options) };
}

const activeTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('503 bursts', () => {
  test('two 503 then 200: three attempts, backoff doubling within its jitter bounds', async () => {
    const { server, client, sleeps } = await scripted([json(503, {}), json(503, {}), json(200, CALL)]);
    expect(await client.calls.get('s1')).toEqual(CALL);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    // default initial delay 500 ms, doubled, with at most 25 % taken off as jitter
    expect(sleeps[0]).toBeGreaterThan(375);
    expect(sleeps[0]).toBeLessThanOrEqual(500);
    expect(sleeps[1]).toBeGreaterThan(750);
    expect(sleeps[1]).toBeLessThanOrEqual(1000);
  });

  test('503 on every attempt: maxRetries + 1 attempts, then ServerError with the body', async () => {
    const { server, client } = await scripted(Array(4).fill(json(503, { reason: 'maintenance' })), { maxRetries: 3 });
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, body: { reason: 'maintenance' }, method: 'GET', operation: 'get-call' });
    expect((error as ServerError).url).toBe(`${server.url}/v3/calls/s1`);
    expect(server.requests).toHaveLength(4);
  });

  test('the backoff is capped by maxRetryDelay', async () => {
    const { client, sleeps } = await scripted(Array(6).fill(json(500, {})), {
      maxRetries: 5,
      initialRetryDelay: 100,
      maxRetryDelay: 300,
      random: () => 0,
    });
    await expect(client.calls.get('s1')).rejects.toBeInstanceOf(ServerError);
    expect(sleeps).toEqual([100, 200, 300, 300, 300]);
  });

  test('per-request maxRetries overrides the client', async () => {
    const { server, client } = await scripted([json(503, {}), json(200, CALL)], { maxRetries: 5 });
    await expect(client.calls.get('s1', { maxRetries: 0 })).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
  });

  test('a POST is never retried by default', async () => {
    const { server, client } = await scripted([json(503, {}), json(200, {})]);
    const message = { receiver: 'u2', receiverType: 'user', type: 'text', data: { text: 'hi' } };
    await expect(client.messages.send(message)).rejects.toBeInstanceOf(ServerError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.method).toBe('POST');
  });
});

describe('429 and Retry-After', () => {
  test('Retry-After in seconds is honoured', async () => {
    const { server, client, sleeps } = await scripted([json(429, {}, { 'retry-after': '2' }), json(200, CALL)]);
    expect(await client.calls.get('s1')).toEqual(CALL);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([2000]);
  });

  test('Retry-After as an HTTP date is honoured', async () => {
    const date = new Date(Date.now() + 3000).toUTCString();
    const { client, sleeps } = await scripted([json(429, {}, { 'retry-after': date }), json(200, CALL)]);
    await client.calls.get('s1');
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(1000); // the date has whole seconds: between 2 and 3 s from now
    expect(sleeps[0]).toBeLessThanOrEqual(3000);
  });

  test('a Retry-After beyond maxRetryAfter falls back to the backoff (not the cap, twice)', async () => {
    const script = [
      json(429, {}, { 'retry-after': '3600' }),
      json(503, {}, { 'retry-after': '3600' }),
      json(200, CALL),
    ];
    const { client, sleeps } = await scripted(script, { maxRetryAfter: 5000, random: () => 0 });
    await client.calls.get('s1');
    expect(sleeps).toEqual([500, 1000]);
  });

  test('still 429 after the retries: RateLimitError', async () => {
    const { server, client } = await scripted(Array(3).fill(json(429, { error: 'slow down' }, { 'retry-after': '1' })));
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, body: { error: 'slow down' } });
    expect(server.requests).toHaveLength(3);
  });
});

describe('connection resets', () => {
  test('one reset, then 200: retried', async () => {
    const { server, client, sleeps } = await scripted(['reset', json(200, CALL)]);
    expect(await client.calls.get('s1')).toEqual(CALL);
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toHaveLength(1);
  });

  test('resets on every attempt: ConnectionError', async () => {
    const { server, client } = await scripted(['reset', 'reset', 'reset']);
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ method: 'GET', operation: 'get-call', url: `${server.url}/v3/calls/s1` });
    expect(server.requests).toHaveLength(3);
  });
});

describe('timeouts and abort signals', () => {
  test('a server that never answers: TimeoutError after each attempt timed out, nothing left running', async () => {
    const timersBefore = activeTimers();
    const { server, client } = await scripted(['hang', 'hang'], { maxRetries: 1, timeout: 150 });
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeout: 150, operation: 'get-call' });
    expect(server.requests).toHaveLength(2);
    await expect.poll(() => server.closedSockets()).toBe(2); // both connections were torn down
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  test('headers then a body that never comes: TimeoutError', async () => {
    const { server, client } = await scripted(['hang-body'], { maxRetries: 0, timeout: 150 });
    await expect(client.calls.get('s1')).rejects.toBeInstanceOf(TimeoutError);
    await expect.poll(() => server.closedSockets()).toBe(1);
  });

  test('the per-request timeout overrides the client', async () => {
    const { client } = await scripted(['hang'], { maxRetries: 0, timeout: 60_000 });
    await expect(client.calls.get('s1', { timeout: 100 })).rejects.toMatchObject({
      name: 'TimeoutError',
      timeout: 100,
    });
  });

  test('an AbortSignal ends a hanging request at once, without retrying, closing the connection', async () => {
    const timersBefore = activeTimers();
    const { server, client } = await scripted(['hang', json(200, CALL)], { timeout: 60_000 });
    const controller = new AbortController();
    const pending = client.calls.get('s1', { signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(1);
    await expect.poll(() => server.closedSockets()).toBe(1);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  test('an abort during the wait before a retry stops the wait (real sleep)', async () => {
    const timersBefore = activeTimers();
    server = await startFaultServer([json(503, {}), json(200, CALL)]);
    const controller = new AbortController();
    const { client } = clientFor(server.url, { sleep: undefined, initialRetryDelay: 60_000 });
    const pending = client.calls.get('s1', { signal: controller.signal });
    await expect.poll(() => server!.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(1);
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });

  test('an already aborted signal sends nothing', async () => {
    const { server, client } = await scripted([json(200, CALL)]);
    await expect(client.calls.get('s1', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('bodies that are not JSON', () => {
  test('malformed JSON in a 200: InvalidResponseError with the raw text, not retried', async () => {
    const { server, client } = await scripted([
      { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data": [' },
    ]);
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 200, rawText: '{"data": [', operation: 'get-call' });
    expect(server.requests).toHaveLength(1);
  });

  test('an HTML error page: ServerError whose body is the raw HTML', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const page: Fault = { status: 502, headers: { 'content-type': 'text/html' }, body: html };
    const { server, client } = await scripted([page, page, page]);
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, body: html });
    expect(server.requests).toHaveLength(3);
  });

  test('an empty error body: the body is the empty text', async () => {
    const { client } = await scripted([{ status: 500 }], { maxRetries: 0 });
    await expect(client.calls.get('s1')).rejects.toMatchObject({ name: 'ServerError', status: 500, body: '' });
  });

  test.each([
    ['an empty 200 body', { status: 200 }, 'no body'],
    ['a 204', { status: 204 }, 'no body'],
    ['a null 200 body', json(200, null), 'null, not object'],
    ['an array for an object', json(200, []), 'array, not object'],
  ] as [string, Fault, string][])(
    '%s where the spec declares a JSON object: InvalidResponseError, not retried',
    async (_, fault, what) => {
      const { server, client } = await scripted([fault, json(200, CALL)]);
      const error = await client.calls.get('s1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({ status: (fault as { status: number }).status, operation: 'get-call' });
      expect((error as Error).message).toContain(what);
      expect(server.requests).toHaveLength(1);
      const { error: raw } = await client.api.GET('/calls/{sessionId}', { params: { path: { sessionId: 's1' } } }).then(
        () => ({ error: undefined }),
        (e: unknown) => ({ error: e }),
      );
      expect(raw).toBeUndefined(); // the second answer of the script is a valid record
    },
  );

  test('an undocumented body (any JSON value): null passes, empty does not', async () => {
    const { client } = await scripted([json(200, null), { status: 200 }]);
    expect(await client.users.list()).toBeNull();
    await expect(client.users.list()).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

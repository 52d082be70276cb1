// The attempt's timeout and the caller's signal cover everything the attempt runs: the middleware
// and a body handed over as a stream, until it is read to the end or cancelled. The servers here
// never finish, so a body or a hook that escaped them would never end: the verdicts do not depend
// on timing (an abort is triggered by the test; a timeout is the only way out).
import { afterEach, describe, expect, test } from 'vitest';
import { AbortedError, TimeoutError } from '../../src/index.js';
import { clientFor } from '../support/helpers.js';
import { closeServers, startServer } from '../support/server.js';

afterEach(closeServers);

const activeTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** A server answering 200 and a first chunk, then a byte now and then, never the end. */
const endless = () =>
  startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).write('first');
    const drip = setInterval(() => res.write('x'), 20);
    res.on('close', () => clearInterval(drip));
  });

/** Reads `stream` to its end; rejects with what errors it. */
async function drain(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read());
}

describe("a body handed over with parseAs: 'stream'", () => {
  test("the caller's abort errors it with AbortedError and closes the connection", async () => {
    const server = await endless();
    const { client } = clientFor(server.url, { timeout: 2_147_483_647 });
    const controller = new AbortController();
    const { data } = await client.api.GET('/users', { parseAs: 'stream', signal: controller.signal });
    const reader = (data as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^first/);
    controller.abort(new Error('caller gave up'));
    const error = await (async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read());
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).cause).toEqual(new Error('caller gave up'));
    await expect.poll(() => server.closedSockets()).toBe(1);
  });

  test('the attempt timeout errors it with TimeoutError and closes the connection', async () => {
    const server = await endless();
    const { client } = clientFor(server.url, { timeout: 300, maxRetries: 0 });
    const { data } = await client.api.GET('/users', { parseAs: 'stream' });
    const error = await drain(data as ReadableStream<Uint8Array>).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeout: 300, operation: 'list-users' });
    await expect.poll(() => server.closedSockets()).toBe(1);
  });

  test('read to its end, or cancelled, it leaves no timer behind', async () => {
    const timersBefore = activeTimers();
    const server = await startServer((_req, res) => res.writeHead(200).end('all of it'));
    const { client } = clientFor(server.url, { timeout: 2_147_483_647 });
    const { data } = await client.api.GET('/users', { parseAs: 'stream' });
    expect(await new Response(data as ReadableStream).text()).toBe('all of it');
    const { data: unread } = await client.api.GET('/users', { parseAs: 'stream' });
    await (unread as ReadableStream).cancel();
    expect(activeTimers()).toBeLessThanOrEqual(timersBefore);
  });
});

describe('middleware', () => {
  const never = { onRequest: () => new Promise<undefined>(() => {}) };

  test('an onRequest that never settles ends with the attempt timeout', async () => {
    const { client } = clientFor('http://127.0.0.1:9', { timeout: 100, maxRetries: 0, middleware: [never] });
    await expect(client.calls.get('s1')).rejects.toMatchObject({ name: 'TimeoutError', timeout: 100 });
  });

  test("an onResponse that never settles ends with the caller's abort", async () => {
    const server = await startServer((_req, res) => res.writeHead(200).end('{"data":[]}'));
    let reached!: () => void;
    const responded = new Promise<void>((resolve) => (reached = resolve));
    const hang = {
      onResponse: () => {
        reached();
        return new Promise<undefined>(() => {});
      },
    };
    const { client } = clientFor(server.url, { timeout: 2_147_483_647, middleware: [hang] });
    const controller = new AbortController();
    const pending = client.calls.get('s1', { signal: controller.signal });
    await responded;
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(AbortedError);
  });
});

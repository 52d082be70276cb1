// What a failure becomes: a bug in user code is surfaced as it is, a response body is bounded, and
// an aborted request names the URL it was for. Per-test servers on 127.0.0.1.
import { afterEach, describe, expect, test } from 'vitest';
import { AbortedError, ConnectionError, ResponseTooLargeError, TimeoutError } from '../../src/index.js';
import { clientFor } from '../support/helpers.js';
import { closeServers, startServer } from '../support/server.js';

afterEach(closeServers);

describe('a bug inside a custom fetch', () => {
  test('a ReferenceError is thrown as it is, once, not as a retried ConnectionError', async () => {
    let calls = 0;
    const bug = new ReferenceError('respnse is not defined');
    const fetch = async () => {
      calls++;
      throw bug;
    };
    const { client } = clientFor('http://127.0.0.1:9', { fetch });
    await expect(client.calls.get('s1')).rejects.toBe(bug);
    expect(calls).toBe(1);
  });

  test('a network failure (TypeError, as fetch reports it) is still a retried ConnectionError', async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      throw new TypeError('fetch failed');
    };
    const { client } = clientFor('http://127.0.0.1:9', { fetch });
    await expect(client.calls.get('s1')).rejects.toBeInstanceOf(ConnectionError);
    expect(calls).toBe(3);
  });
});

describe('an already aborted signal', () => {
  test('AbortedError.url is the URL of the call, not the path template', async () => {
    const { client } = clientFor('http://127.0.0.1:9');
    const error = await client.calls.get('s 1', { signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).url).toBe('http://127.0.0.1:9/v3/calls/s%201');
  });
});

/** Resident set size growth of this process while `run` runs, sampled every 5 ms, in bytes. */
async function rssGrowth(run: () => Promise<unknown>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    await run();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}

describe('response bodies are bounded by maxResponseBytes', () => {
  const MiB = 1 << 20;

  test('an endless body: reading stops at the default 1 MiB, the connection is closed, memory stays bounded', async () => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no Content-Length
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) written += chunk.length;
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    // A timeout long enough for the old behaviour to read hundreds of MiB before giving up.
    const { client } = clientFor(server.url, { timeout: 1500 });
    let error: unknown;
    const growth = await rssGrowth(async () => {
      error = await client.calls.get('s1').catch((e: unknown) => e);
    });
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: MiB, operation: 'get-call' });
    expect((error as Error).message).toContain(`maxResponseBytes (${MiB} bytes)`);
    expect(server.requests).toHaveLength(1); // not retried
    await expect.poll(() => server.closedSockets()).toBe(1);
    // What the server could push before the close: the limit plus the sockets' buffers.
    expect(written).toBeLessThan(16 * MiB);
    expect(growth).toBeLessThan(64 * MiB);
  });

  test('a Content-Length over the limit is refused before the body is read', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(10 * MiB) }).write('x'.repeat(1000));
    });
    const { client } = clientFor(server.url, { maxResponseBytes: 4096 });
    await expect(client.calls.get('s1')).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      status: 200,
      maxResponseBytes: 4096,
    });
    expect(server.requests).toHaveLength(1);
    await expect.poll(() => server.closedSockets()).toBe(1);
  });

  test('a body at the limit is read whole; one byte more is refused', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(100) });
    const server = await startServer((_req, res) => res.writeHead(200, { 'transfer-encoding': 'chunked' }).end(body));
    expect(await clientFor(server.url, { maxResponseBytes: body.length }).client.calls.get('s1')).toEqual(
      JSON.parse(body),
    );
    await expect(
      clientFor(server.url, { maxResponseBytes: body.length - 1 }).client.calls.get('s1'),
    ).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  test('an endless error body through client.api: cut at the limit, the connection closed', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const server = await startServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' }); // chunked: no Content-Length
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const { client } = clientFor(server.url, { maxResponseBytes: 256 * 1024, maxRetries: 0 });
    const { error, response } = await client.api.GET('/users');
    expect(response.status).toBe(500);
    expect(error).toBe('x'.repeat(256 * 1024));
    await expect.poll(() => server.closedSockets()).toBe(1);
  });

  test("parseAs 'stream': the body is handed over, bounded as it is read; a Content-Length over the limit is refused", async () => {
    const body = 'y'.repeat(5000);
    const server = await startServer((req, res) => {
      const headers = req.url?.endsWith('/apps') ? { 'content-length': String(body.length) } : {};
      res.writeHead(200, headers).end(body);
    });
    const options = { managementKey: 'mk', managementSecret: 'ms' };
    const { client } = clientFor(server.url, { maxResponseBytes: 5000, ...options });
    const { data } = await client.api.GET('/users', { parseAs: 'stream' });
    expect(await new Response(data as ReadableStream).text()).toBe(body);
    const small = clientFor(server.url, { maxResponseBytes: 1000, ...options }).client;
    const { data: tooLong } = await small.api.GET('/users', { parseAs: 'stream' });
    await expect(new Response(tooLong as ReadableStream).text()).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(small.api.GET('/apps', { parseAs: 'stream' })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  test('maxResponseBytes must be a non-negative integer', () => {
    expect(() => clientFor('http://127.0.0.1:9', { maxResponseBytes: 1.5 })).toThrow(
      /maxResponseBytes 1.5 must be a non-negative integer/,
    );
  });
});

test('a timeout still ends a slow body under the limit', async () => {
  const server = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).write('{"data": [');
  });
  const { client } = clientFor(server.url, { timeout: 100, maxRetries: 0 });
  await expect(client.calls.get('s1')).rejects.toBeInstanceOf(TimeoutError);
});

// Redirects, with two real servers on 127.0.0.1 (different ports: different origins). The client
// follows a redirect only on the origin its credentials belong to; any other target is refused
// with a RedirectError before anything is sent there.
import { afterEach, describe, expect, test } from 'vitest';
import { createClient, RedirectError } from '../../src/index.js';
import { API_KEY, clientFor } from '../support/helpers.js';
import { answer, closeServers, type Handler, redirect, startServer } from '../support/server.js';

afterEach(closeServers);

const CALL = { data: [{ sessionId: 's2' }] };
const MESSAGE = { receiver: 'u2', receiverType: 'user', type: 'text', data: { text: 'hi' } } as const;
const credentials = { managementKey: 'mk-secret', managementSecret: 'ms-secret' };

/** Server A (the configured origin) answering each request with the next handler. */
async function apiServer(...handlers: Handler[]) {
  let i = 0;
  return startServer((req, res, seen) => handlers[Math.min(i++, handlers.length - 1)]!(req, res, seen));
}

describe('to another origin: refused, nothing sent there', () => {
  test.each([301, 302, 303, 307, 308])('%i from A to B (another port)', async (status) => {
    const other = await startServer(answer(CALL));
    const api = await apiServer(redirect(status, `${other.url}/calls/s2?token=query-secret`));
    const { client } = clientFor(api.url, credentials);
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status, location: `${other.url}/calls/s2`, operation: 'get-call' });
    expect((error as Error).message).toContain(`${other.url}/calls/s2`);
    expect((error as Error).message).not.toContain('query-secret');
    expect(other.requests).toHaveLength(0);
    expect(api.requests).toHaveLength(1); // not retried
  });

  test('the management API: key and secret never reach B', async () => {
    const other = await startServer(answer({}));
    const api = await apiServer(redirect(302, `${other.url}/apps`));
    const { client } = clientFor(api.url, credentials);
    await expect(client.apps.list()).rejects.toBeInstanceOf(RedirectError);
    expect(api.requests[0]!.headers).toMatchObject({ key: 'mk-secret', secret: 'ms-secret' });
    expect(other.requests).toHaveLength(0);
  });

  test('a 307 after a POST: neither the body nor the key reach B', async () => {
    const other = await startServer(answer({}));
    const api = await apiServer(redirect(307, `${other.url}/messages`));
    const { client } = clientFor(api.url);
    await expect(client.messages.send(MESSAGE)).rejects.toBeInstanceOf(RedirectError);
    expect(other.requests).toHaveLength(0);
  });

  test('with the default fetch and client.api too', async () => {
    const other = await startServer(answer(CALL));
    const api = await apiServer(redirect(302, `${other.url}/calls/s2`));
    const client = createClient({
      appId: 'app1',
      region: 'us',
      apiKey: API_KEY,
      baseUrl: api.url,
      env: {},
      logLevel: 'off',
    });
    await expect(
      client.api.GET('/calls/{sessionId}', { params: { path: { sessionId: 's1' } } }),
    ).rejects.toBeInstanceOf(RedirectError);
    expect(other.requests).toHaveLength(0);
  });
});

test('a middleware sending the request to another origin sends it without the credentials', async () => {
  const other = await startServer(answer({ data: [] }));
  const api = await apiServer(answer({ data: [] }));
  const elsewhere = {
    onRequest: ({ request }: { request: Request }) => new Request(request.url.replace(api.url, other.url), request),
  };
  const { client } = clientFor(api.url, { ...credentials, middleware: [elsewhere] });
  await client.users.list();
  await client.apps.list();
  expect(other.requests.map((r) => [r.url, r.headers.apikey, r.headers.key, r.headers.secret])).toEqual([
    ['/v3/users', undefined, undefined, undefined],
    ['/apps', undefined, undefined, undefined],
  ]);
  expect(api.requests).toHaveLength(0);
});

describe('https to http: refused', () => {
  // The https origin is played by server A behind a fetch that maps https://api.test to it (a TLS
  // terminator); B is plain http on another port, or the same host name over http.
  test.each([
    ['another origin over http', (b: string) => `${b}/calls/s2`],
    ['the same host over http', () => 'http://api.test/calls/s2'],
  ])('%s', async (_, target) => {
    const other = await startServer(answer(CALL));
    const api = await apiServer(redirect(302, target(other.url)));
    const fetch = (request: Request, init?: { signal?: AbortSignal }) => {
      const url = request.url.replace('https://api.test', api.url).replace('http://api.test', other.url);
      return globalThis.fetch(new Request(url, request), init);
    };
    const { client } = clientFor('https://api.test', { fetch });
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/leaves https/);
    expect(api.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);
  });
});

describe('on the same origin: followed, with the credentials', () => {
  test('302 to another path: the answer of the target', async () => {
    const api = await apiServer(redirect(302, '/v3/calls/s2'), answer(CALL));
    const { client } = clientFor(api.url);
    expect(await client.calls.get('s1')).toEqual(CALL);
    expect(api.requests.map((r) => [r.method, r.url, r.headers.apikey])).toEqual([
      ['GET', '/v3/calls/s1', API_KEY],
      ['GET', '/v3/calls/s2', API_KEY],
    ]);
  });

  test('303 after a POST: a GET without body', async () => {
    const api = await apiServer(redirect(303, '/v3/users'), answer({ data: [] }));
    const { client } = clientFor(api.url);
    await client.messages.send(MESSAGE);
    const [post, get] = api.requests;
    expect([post!.method, JSON.parse(post!.body)]).toEqual(['POST', MESSAGE]);
    expect([get!.method, get!.url, get!.body, get!.headers['content-type']]).toEqual([
      'GET',
      '/v3/users',
      '',
      undefined,
    ]);
    expect(get!.headers.apikey).toBe(API_KEY);
  });

  test.each([307, 308])('%i after a POST: the same method and body again', async (status) => {
    const api = await apiServer(redirect(status, '/v3/messages?again=1'), answer({ ok: true }));
    const { client } = clientFor(api.url);
    expect(await client.messages.send(MESSAGE)).toEqual({ ok: true });
    expect(api.requests.map((r) => [r.method, r.url, JSON.parse(r.body), r.headers.apikey])).toEqual([
      ['POST', '/v3/messages', MESSAGE, API_KEY],
      ['POST', '/v3/messages?again=1', MESSAGE, API_KEY],
    ]);
  });

  test('hops are bounded by maxRedirects, and the loop is not retried', async () => {
    const api = await apiServer(redirect(302, '/v3/calls/s1'));
    const { client } = clientFor(api.url, { maxRedirects: 3 });
    const error = await client.calls.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/more than maxRedirects \(3\)/);
    expect(api.requests).toHaveLength(4);
  });

  test('a 3xx without Location is the answer', async () => {
    const api = await apiServer((_req, res) => res.writeHead(304).end());
    const { client } = clientFor(api.url);
    const { response } = await client.api.GET('/users');
    expect(response.status).toBe(304);
    expect(api.requests).toHaveLength(1);
  });
});

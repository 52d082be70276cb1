// client.api builds its requests itself (src/request.ts) rather than through openapi-fetch's
// runtime. Here the same calls go through bare openapi-fetch and through client.api, and what
// reaches fetch (method, URL, headers, body) and what comes back must be the same, apart from what
// the client adds on purpose: its credentials, User-Agent and redirect mode.
import createOpenApiFetch, { type Middleware } from 'openapi-fetch';
import { describe, expect, test } from 'vitest';
import type { paths } from '../src/generated/schema.js';
import { createClient } from '../src/index.js';
import { recordingFetch } from './helpers.js';

const BASE = 'https://app1.api-us.cometchat.io/v3';
const OWN_HEADERS = ['apikey', 'user-agent'];

async function sent(request: Request) {
  const headers = Object.fromEntries([...request.headers].filter(([name]) => !OWN_HEADERS.includes(name)));
  return { method: request.method, url: request.url, headers, body: request.body ? await request.text() : null };
}

/** The same call through both; answers what each sent and got. */
async function both(
  call: (api: ReturnType<typeof createOpenApiFetch<paths>>) => Promise<unknown>,
  respond?: () => Response,
) {
  const bare = recordingFetch(respond);
  const ours = recordingFetch(respond);
  const bareResult = await call(createOpenApiFetch<paths>({ baseUrl: BASE, fetch: bare.fetch }));
  const client = createClient({ appId: 'app1', region: 'us', apiKey: 'k', env: {}, fetch: ours.fetch, maxRetries: 0 });
  const ourResult = await call(client.api as ReturnType<typeof createOpenApiFetch<paths>>);
  const strip = (r: unknown) => ({ ...(r as object), response: undefined });
  return {
    bare: { sent: await Promise.all(bare.requests.map(sent)), result: strip(bareResult) },
    ours: { sent: await Promise.all(ours.requests.map(sent)), result: strip(ourResult) },
  };
}

const MESSAGE = { receiver: 'u2', receiverType: 'user' as const, type: 'text' as const, data: { text: 'hi' } };

describe('client.api sends what openapi-fetch sends', () => {
  test('a JSON body, path parameters and header parameters', async () => {
    const { bare, ours } = await both((api) =>
      api.POST('/messages', { body: MESSAGE, params: { header: { onBehalfOf: 'u1' } } }),
    );
    expect(ours).toEqual(bare);
    expect(ours.sent[0]!.headers['content-type']).toBe('application/json');
  });

  test('headers: null removes one, arrays give several values, a Headers object, params.header last', async () => {
    const { bare, ours } = await both((api) =>
      api.POST('/users/{uid}/auth_tokens', {
        headers: { 'X-One': '1', 'X-Many': ['a', 'b'] as unknown as string, onBehalfOf: 'from-headers' },
        params: { path: { uid: 'a b/ü' }, header: { onBehalfOf: 'from-params' } },
      } as never),
    );
    expect(ours).toEqual(bare);
    expect(ours.sent[0]!.headers).toMatchObject({ 'x-many': 'a, b', onbehalfof: 'from-params' });
    const object = await both((api) => api.GET('/users', { headers: new Headers({ 'X-One': '1', 'X-Two': '2' }) }));
    expect(object.ours).toEqual(object.bare);
    const removed = await both((api) =>
      api.POST('/messages', { body: MESSAGE, headers: { 'X-Keep': 'k', 'Content-Type': null as unknown as string } }),
    );
    expect(removed.ours).toEqual(removed.bare);
  });

  test('a custom Content-Type and bodySerializer are kept', async () => {
    const { bare, ours } = await both((api) =>
      api.POST('/messages', {
        body: MESSAGE,
        headers: { 'Content-Type': 'application/vnd.test+json' },
        bodySerializer: (body) => `serialized:${JSON.stringify(body)}`,
      }),
    );
    expect(ours).toEqual(bare);
  });

  test('answers: JSON data, error bodies as JSON or text, empty 204, parseAs text', async () => {
    const answers = [
      () => Response.json({ data: [1] }),
      () => Response.json({ error: { code: 'ERR' } }, { status: 404 }),
      () => new Response('<html>not found</html>', { status: 404 }),
      () => new Response(null, { status: 204 }),
    ];
    for (const respond of answers) {
      const { bare, ours } = await both((api) => api.GET('/users'), respond);
      expect(ours).toEqual(bare);
    }
    const text = await both(
      (api) => api.GET('/users', { parseAs: 'text' }),
      () => new Response('plain'),
    );
    expect(text.ours).toEqual(text.bare);
  });

  test('middleware: onRequest in order, onResponse in reverse, a Response from onRequest or onError', async () => {
    const trail = (log: string[]): Middleware[] =>
      ['a', 'b'].map((name) => ({
        onRequest: ({ request, schemaPath, params }) => {
          log.push(`req ${name} ${schemaPath} ${JSON.stringify(params)}`);
          request.headers.set(`x-${name}`, '1');
          return request;
        },
        onResponse: ({ response }) => {
          log.push(`res ${name} ${response.status}`);
          return new Response(JSON.stringify({ by: name }), response);
        },
      }));
    const bareLog: string[] = [];
    const ourLog: string[] = [];
    const logs = [bareLog, ourLog];
    const { bare, ours } = await both((api) => api.GET('/users', { middleware: trail(logs.shift()!) }));
    expect(ours).toEqual(bare);
    expect(ourLog).toEqual(bareLog);

    const shortCircuit: Middleware = { onRequest: () => Response.json({ from: 'middleware' }) };
    const early = await both((api) => api.GET('/users', { middleware: [shortCircuit] }));
    expect(early.ours).toEqual(early.bare);
    expect(early.ours.sent).toEqual([]);

    const rescue: Middleware = { onError: () => Response.json({ rescued: true }) };
    const failing = () => {
      throw new TypeError('fetch failed');
    };
    const rescued = await both((api) => api.GET('/users', { middleware: [rescue] }), failing);
    expect(rescued.ours.result).toEqual(rescued.bare.result);
  });
});

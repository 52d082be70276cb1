// Which host and which credentials each operation gets (from the spec's servers and security),
// with a per-test fetch handler recording the requests.
import { describe, expect, expectTypeOf, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { type ApiClient, createClient, InvalidInputError, type Middleware } from '../../src/index.js';
import { recordingFetch } from '../support/helpers.js';

const credentials = { apiKey: 'k1', managementKey: 'mk', managementSecret: 'ms' };

describe('hosts per area', () => {
  test('Calls host for /calls, chat host for the rest, management address for /apps', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ appId: 'acme', region: 'in', ...credentials, env: {}, fetch });
    await client.calls.get('s1');
    await client.users.list();
    await client.authTokens.create('u1');
    await client.messages.send({ receiver: 'u2', receiverType: 'user', type: 'text', data: { text: 'hi' } });
    await client.apps.list();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://acme.call-in.cometchat.io/v3/calls/s1',
      'GET https://acme.api-in.cometchat.io/v3/users',
      'POST https://acme.api-in.cometchat.io/v3/users/u1/auth_tokens',
      'POST https://acme.api-in.cometchat.io/v3/messages',
      'GET https://apimgmt.cometchat.io/apps',
    ]);
  });

  test('apikey goes to the REST hosts only, key and secret to the management address only', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ appId: 'acme', region: 'us', ...credentials, env: {}, fetch });
    await client.api.GET('/calls/{sessionId}', { params: { path: { sessionId: 's' } } });
    await client.api.GET('/users');
    await client.api.GET('/apps');
    const sent = requests.map((r) => [r.headers.get('apikey'), r.headers.get('key'), r.headers.get('secret')]);
    expect(sent).toEqual([
      ['k1', null, null],
      ['k1', null, null],
      [null, 'mk', 'ms'],
    ]);
  });

  test('baseUrl sends every area to the mock, each still with only its own credentials', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({
      appId: 'acme',
      region: 'us',
      ...credentials,
      baseUrl: 'http://127.0.0.1:9/',
      env: {},
      fetch,
    });
    await client.calls.get('s1');
    await client.apps.list();
    expect(requests.map((r) => r.url)).toEqual(['http://127.0.0.1:9/v3/calls/s1', 'http://127.0.0.1:9/apps']);
    expect(requests[1]!.headers.has('apikey')).toBe(false);
  });
});

describe('onBehalfOf', () => {
  test('is sent to the operations that declare it, and refused before a request by any other', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ appId: 'acme', region: 'us', ...credentials, env: {}, fetch });
    const onBehalfOf = 'uid-1';
    await client.calls.get('s1', { onBehalfOf });
    await client.messages.send(
      { receiver: 'u2', receiverType: 'user', type: 'text', data: { text: 'hi' } },
      { onBehalfOf },
    );
    expect(requests.map((r) => r.headers.get('onBehalfOf'))).toEqual([onBehalfOf, onBehalfOf]);
    const refused = [
      client.api.GET('/apps', { onBehalfOf }),
      client.api.GET('/users', { onBehalfOf }),
      client.api.POST('/users/{uid}/auth_tokens', { params: { path: { uid: 'u1' } }, onBehalfOf }),
    ];
    for (const [i, call] of refused.entries()) {
      await expect(call, `call ${i}`).rejects.toThrow(
        /^onBehalfOf is not a parameter of (list-apps|list-users|create-auth-token)$/,
      );
      await expect(call).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect(requests).toHaveLength(2);
  });
});

describe('settings', () => {
  test('credentials and settings from environment variables; options win', async () => {
    const env = {
      CHATPLATFORM_APP_ID: 'fromenv',
      CHATPLATFORM_REGION: 'eu',
      CHATPLATFORM_API_KEY: 'env-key',
      CHATPLATFORM_MANAGEMENT_KEY: 'env-mk',
      CHATPLATFORM_MANAGEMENT_SECRET: 'env-ms',
    };
    const { fetch, requests } = recordingFetch();
    await createClient({ env, fetch }).calls.get('s1');
    await createClient({ env, fetch, apiKey: 'option-key', region: 'us' }).calls.get('s1');
    await createClient({ env, fetch }).apps.list();
    expect(requests[0]!.url).toBe('https://fromenv.call-eu.cometchat.io/v3/calls/s1');
    expect(requests[0]!.headers.get('apikey')).toBe('env-key');
    expect(requests[1]!.url).toBe('https://fromenv.call-us.cometchat.io/v3/calls/s1');
    expect(requests[1]!.headers.get('apikey')).toBe('option-key');
    expect([requests[2]!.headers.get('key'), requests[2]!.headers.get('secret')]).toEqual(['env-mk', 'env-ms']);
  });

  test('process.env is the default source', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { CHATPLATFORM_APP_ID: 'proc', CHATPLATFORM_REGION: 'in', CHATPLATFORM_API_KEY: 'pk' });
    try {
      const { fetch, requests } = recordingFetch();
      await createClient({ fetch }).calls.get('s1');
      expect(requests[0]!.url).toBe('https://proc.call-in.cometchat.io/v3/calls/s1');
    } finally {
      process.env = saved;
    }
  });

  test('User-Agent names the package and its version', async () => {
    const { fetch, requests } = recordingFetch();
    await createClient({ appId: 'a', region: 'us', apiKey: 'k', env: {}, fetch }).calls.get('s1');
    expect(requests[0]!.headers.get('user-agent')).toBe(`${pkg.name}/${pkg.version}`);
  });
});

describe('pass-through', () => {
  test('a per-request fetch replaces the client fetch', async () => {
    const client = recordingFetch();
    const perRequest = recordingFetch();
    const c = createClient({ appId: 'a', region: 'us', apiKey: 'k', env: {}, fetch: client.fetch });
    await c.api.GET('/users', { fetch: perRequest.fetch });
    expect([client.requests.length, perRequest.requests.length]).toEqual([0, 1]);
  });

  test('a custom fetch gets the attempt signal, which the timeout aborts', async () => {
    let seen: AbortSignal | undefined;
    const fetch = (_: Request, init?: { signal?: AbortSignal }) =>
      new Promise<Response>((_resolve, reject) => {
        seen = init?.signal;
        seen?.addEventListener('abort', () => reject(seen!.reason));
      });
    const client = createClient({ appId: 'a', region: 'us', apiKey: 'k', env: {}, fetch, timeout: 20, maxRetries: 0 });
    await expect(client.calls.get('s1')).rejects.toMatchObject({ name: 'TimeoutError', timeout: 20 });
    expect(seen?.aborted).toBe(true);
  });

  test('openapi-fetch middleware from the options runs on every attempt, and use()/eject() work', async () => {
    const seen: string[] = [];
    const tag: Middleware = {
      onRequest: ({ request, schemaPath }) => {
        seen.push(schemaPath);
        request.headers.set('x-trace', 't1');
        return request;
      },
    };
    let n = 0;
    const { fetch, requests } = recordingFetch(() =>
      n++ === 0 ? new Response('', { status: 503 }) : Response.json({ data: [] }),
    );
    const client = createClient({
      appId: 'a',
      region: 'us',
      apiKey: 'k',
      env: {},
      fetch,
      middleware: [tag],
      sleep: async () => {},
    });
    await client.calls.get('s1');
    expect(seen).toEqual(['/calls/{sessionId}', '/calls/{sessionId}']);
    expect(requests.map((r) => r.headers.get('x-trace'))).toEqual(['t1', 't1']);
    client.api.eject(tag);
    await client.api.GET('/apps', { headers: {} }).catch(() => undefined);
    await client.users.list();
    expect(seen).toHaveLength(2);
  });

  test('the api client is openapi-fetch typed: paths, params and bodies are checked', async () => {
    const { fetch } = recordingFetch();
    const client = createClient({ appId: 'a', region: 'us', apiKey: 'k', env: {}, fetch });
    expectTypeOf(client.api).toEqualTypeOf<ApiClient>();
    // @ts-expect-error sessionId is required (and refused at run time, before sending)
    await expect(client.api.GET('/calls/{sessionId}', { params: { path: {} } })).rejects.toThrow(/sessionId must be/);
    // @ts-expect-error Send a message needs its body
    await client.api.POST('/messages', {});
    // @ts-expect-error no such path
    await client.api.GET('/nowhere').catch(() => undefined);
  });
});

// Every error path driven with distinctive credentials, against a server that echoes them back:
// neither may appear in a message, a stack, JSON.stringify or util.inspect of an error or the
// client, nor in a log line (every attempt is logged, at debug level).
import { inspect } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import { ChatPlatformError, createClient, InvalidInputError, RedirectError } from '../../src/index.js';
import { type Fault, type FaultServer, startFaultServer } from '../support/fault-server.js';
import { clientFor, thrownBy } from '../support/helpers.js';

const KEY = 'sk_live_RedactMe_9f8e7d6c5b4a';
const MGMT_KEY = 'mk_RedactMe_0a1b2c3d';
const MGMT_SECRET = 'ms_RedactMe_4e5f6a7b';
/** A key given for one request only (`headers: { apikey }`), never to the client. */
const REQUEST_KEY = 'sk_live_PerRequest_1a2b3c4d5e';
const SECRETS = [KEY, MGMT_KEY, MGMT_SECRET, REQUEST_KEY];
const echo = `{"error":"invalid apikey ${KEY}","key":"${MGMT_KEY}","secret":"${MGMT_SECRET}","${KEY}":1}`;

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Everything a user could print or ship to a log about `value`. */
function visible(value: unknown): string {
  const e = value as Error;
  return [
    String(value),
    e?.message,
    e?.stack,
    JSON.stringify(value),
    inspect(value, { depth: Infinity, showHidden: true, getters: true }),
  ].join('\n');
}

function expectNoSecret(value: unknown) {
  const text = visible(value);
  for (const secret of SECRETS) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(secret));
  }
}

async function errorFrom(
  script: Fault[],
  run: (c: ReturnType<typeof clientFor>['client']) => Promise<unknown>,
  timeout = 5000,
) {
  server = await startFaultServer(script);
  const { client, logs } = clientFor(server.url, {
    apiKey: KEY,
    managementKey: MGMT_KEY,
    managementSecret: MGMT_SECRET,
    timeout,
    maxRetries: 0,
  });
  const error = await run(client).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatPlatformError);
  expect(logs.length).toBeGreaterThan(0);
  expectNoSecret(logs);
  return error;
}

const jsonEcho = (status: number): Fault => ({ status, headers: { 'content-type': 'application/json' }, body: echo });
const textEcho = (status: number): Fault => ({
  status,
  headers: { 'content-type': 'text/html' },
  body: `<p>${echo}</p>`,
});

describe('secrets never visible', () => {
  test.each([
    ['400 echoing the credentials', [jsonEcho(400)]],
    ['401', [jsonEcho(401)]],
    ['403', [jsonEcho(403)]],
    ['404', [jsonEcho(404)]],
    ['429', [jsonEcho(429)]],
    ['500 HTML page', [textEcho(500)]],
    ['malformed JSON in a 200', [textEcho(200)]],
    ['connection reset', ['reset']],
  ] as [string, Fault[]][])('%s', async (_, script) => {
    const error = await errorFrom(script, (c) => c.calls.get(KEY)); // even the key as a sessionId
    expectNoSecret(error);
    const management = await errorFrom(script, (c) => c.apps.list());
    expectNoSecret(management);
  });

  test('a redirect to another origin whose path carries the key', async () => {
    const redirect: Fault = { status: 302, headers: { location: `http://127.0.0.1:9/calls/${KEY}?key=${MGMT_KEY}` } };
    expectNoSecret(await errorFrom([redirect], (c) => c.calls.get(KEY)));
  });

  test('a same-origin redirect whose Location carries user info: RedirectError, the key in no view', async () => {
    const script: Fault[] = [];
    const error = await errorFrom(script, (c) => {
      script.push({ status: 302, headers: { location: `http://${KEY}@${server!.url.slice(7)}/v3/x` } });
      return c.calls.get('s1');
    });
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/user info/);
    expectNoSecret(error);
    expect(server!.requests).toHaveLength(1);
  });

  test('a key given per request (headers or params.header) is redacted too', async () => {
    const echoed: Fault = {
      status: 400,
      headers: { 'content-type': 'application/json', 'x-echo': REQUEST_KEY },
      body: `{"error":"invalid apikey ${REQUEST_KEY}"}`,
    };
    const viaHeaders = await errorFrom([echoed], (c) => c.calls.get('s1', { headers: { apikey: REQUEST_KEY } }));
    expectNoSecret(viaHeaders);
    expect((viaHeaders as { body: unknown }).body).toEqual({ error: 'invalid apikey [REDACTED]' });
    const viaParams = await errorFrom([echoed], (c) =>
      c.api.GET('/users', { params: { header: { APIKEY: REQUEST_KEY } } as never }).then(({ error }) => {
        throw new ChatPlatformError(JSON.stringify(error));
      }),
    );
    expectNoSecret(viaParams);
  });

  test('a path or a header name quoting the key: InvalidInputError without it', async () => {
    const { client, logs } = clientFor('http://127.0.0.1:9', { apiKey: KEY });
    const path = await client.api.GET(`/calls/${KEY}` as never).catch((e: unknown) => e);
    expect(path).toBeInstanceOf(InvalidInputError);
    expect((path as Error).message).toMatch(/is not an operation of the spec/);
    expectNoSecret(path);
    const header = await client.calls.get('s1', { headers: { [`x ${KEY}`]: 'v' } }).catch((e: unknown) => e);
    expect(header).toBeInstanceOf(InvalidInputError);
    expectNoSecret(header);
    const perRequest = await client.calls
      .get('s1', { headers: { apikey: REQUEST_KEY, [`x ${REQUEST_KEY}`]: 'v' } })
      .catch((e: unknown) => e);
    expect(perRequest).toBeInstanceOf(InvalidInputError);
    expectNoSecret(perRequest);
    expect(logs).toEqual([]);
  });

  test('timeout and abort', async () => {
    expectNoSecret(await errorFrom(['hang'], (c) => c.calls.get('s1'), 50));
    expectNoSecret(await errorFrom(['hang'], (c) => c.calls.get('s1', { signal: AbortSignal.timeout(50) })));
  });

  test('the echoed body is kept, with the secrets replaced', async () => {
    const error = (await errorFrom([jsonEcho(400)], (c) => c.calls.get('s1'))) as { body: Record<string, unknown> };
    expect(error.body).toEqual({
      error: 'invalid apikey [REDACTED]',
      key: '[REDACTED]',
      secret: '[REDACTED]',
      '[REDACTED]': 1,
    });
  });

  test('a body nested deeper than the redactor walks is withheld, not shown unredacted', async () => {
    let deep: unknown = { leaked: KEY };
    for (let i = 0; i < 40; i++) deep = { deeper: deep };
    const fault: Fault = { status: 400, headers: { 'content-type': 'application/json' }, body: JSON.stringify(deep) };
    const error = await errorFrom([fault], (c) => c.calls.get('s1'));
    expectNoSecret(error);
    expect(JSON.stringify(error)).toContain('[REDACTED]');
  });

  test('the raw api returns the error body with the secrets replaced', async () => {
    server = await startFaultServer([jsonEcho(401)]);
    const { client } = clientFor(server.url, { apiKey: KEY, managementKey: MGMT_KEY, managementSecret: MGMT_SECRET });
    const { error, response } = await client.api.GET('/apps');
    expect(response.status).toBe(401);
    expectNoSecret(error);
  });

  test('the client itself, printed or serialized', () => {
    const client = createClient({
      appId: 'app1',
      region: 'in',
      apiKey: KEY,
      managementKey: MGMT_KEY,
      managementSecret: MGMT_SECRET,
      env: {},
    });
    expectNoSecret(client);
    expectNoSecret(client.api);
    expect(JSON.stringify(client)).toContain('[REDACTED]');
    expect(inspect(client)).toContain('app1');
  });

  test('a per-request header with CR/LF is refused without showing its value', async () => {
    const client = createClient({ appId: 'app1', region: 'us', apiKey: 'k', env: {} });
    const error = await client.calls.get('s1', { headers: { apikey: `${KEY}\r\n` } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatPlatformError);
    expectNoSecret(error);
  });

  test('a baseUrl carrying credentials is refused without showing them, parseable or not', () => {
    for (const baseUrl of [`https://user:${KEY}@h.test`, `https://user:${KEY}@[not-a-host`, `//user:${KEY}@h.test`]) {
      const error = thrownBy(() => createClient({ appId: 'app1', region: 'us', env: {}, baseUrl }));
      expect(error).toBeInstanceOf(ChatPlatformError);
      expect((error as Error).message).toContain('baseUrl');
      expectNoSecret(error);
    }
  });

  test('invalid credentials are refused without showing them', () => {
    for (const name of ['apiKey', 'managementKey', 'managementSecret']) {
      const error = thrownBy(() => createClient({ appId: 'app1', region: 'us', env: {}, [name]: `${KEY}\r\nx: y` }));
      expect(error).toBeInstanceOf(ChatPlatformError);
      expectNoSecret(error);
    }
  });
});

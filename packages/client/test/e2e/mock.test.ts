// Against the Prism mock of the bundled spec (started once per run by global-setup.ts).
import { readBundledSpec } from '@chatplatform/spec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, expectTypeOf, test } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  type GetCallResponse,
  type Middleware,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '../../src/index.js';
import { clientFor, mockBaseUrl, recordingFetch } from '../support/helpers.js';

const spec = readBundledSpec<any>();
const initiated = spec.components.examples.CallInitiated.value;
const SESSION = initiated.data[0].sessionId as string;

describe('Get Call', () => {
  test('returns the observed example (initiated), typed', async () => {
    const { client } = clientFor(mockBaseUrl());
    const body = await client.calls.get(SESSION);
    expectTypeOf(body).toEqualTypeOf<GetCallResponse>();
    expectTypeOf(body.data[0]!.participants[0]!.state).toEqualTypeOf<
      'ongoing' | 'ended' | 'unanswered' | 'rejected' | undefined
    >();
    expect(body).toEqual(initiated);
    expect(body.data[0]!.status).toBe('initiated');
  });

  test('the typed openapi-fetch client underneath answers the same', async () => {
    const { client } = clientFor(mockBaseUrl());
    const { data, error, response } = await client.api.GET('/calls/{sessionId}', {
      params: { path: { sessionId: SESSION } },
    });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    // openapi-fetch maps the body through its Readable<> helper, which flattens the open objects'
    // `{ ... } & { [key: string]: unknown }`: the same type, though not the identical one.
    expectTypeOf<NonNullable<typeof data>>().toExtend<GetCallResponse>();
    expectTypeOf<GetCallResponse>().toExtend<NonNullable<typeof data>>();
    expect(data).toEqual(initiated);
    // @ts-expect-error the spec has no /call path
    await expect(client.api.GET('/call', {})).rejects.toThrow(/not an operation of the spec/);
  });

  test('a request without an API key is refused with 401: AuthenticationError', async () => {
    const { client } = clientFor(mockBaseUrl());
    // Prism only checks that the header is there: drop it on the way out.
    const dropKey: Middleware = {
      onRequest: ({ request }) => {
        request.headers.delete('apikey');
        return request;
      },
    };
    client.api.use(dropKey);
    const error = await client.calls.get(SESSION).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    const auth = error as AuthenticationError<{ status: number }>;
    expect(auth.status).toBe(401);
    expect(auth.body.status).toBe(401);
    expect(auth).toMatchObject({ method: 'GET', operation: 'get-call' });
    expect(auth.url).toBe(`${mockBaseUrl()}/v3/calls/${encodeURIComponent(SESSION)}`);
  });

  test('Prefer: code=400 gives the typed 400 error with the spec example body', async () => {
    const { client, sleeps } = clientFor(mockBaseUrl());
    const error = await client.calls.get(SESSION, { headers: { Prefer: 'code=400' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, body: {}, operation: 'get-call' });
    expect(sleeps).toEqual([]); // a 400 is not retried
  });

  test('onBehalfOf is sent when given and absent when not', async () => {
    const seen: (string | null)[] = [];
    const { client } = clientFor(mockBaseUrl(), {
      middleware: [{ onRequest: ({ request }) => void seen.push(request.headers.get('onBehalfOf')) }],
    });
    await client.calls.get(SESSION, { onBehalfOf: 'cometchat-uid-1' });
    await client.calls.get(SESSION);
    expect(seen).toEqual(['cometchat-uid-1', null]);
  });

  test('Prefer: example=endedWithRecording returns the recorded call', async () => {
    const { client } = clientFor(mockBaseUrl());
    const body = await client.calls.get(SESSION, { headers: { Prefer: 'example=endedWithRecording' } });
    expect(body).toEqual(spec.components.examples.CallEndedWithRecording.value);
    expect(body.data[0]!.recordings).toHaveLength(1);
  });
});

describe('dynamic responses', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'spec', components: spec.components });
  const validate = ajv.getSchema('spec#/components/schemas/CallRecordEnvelope');
  if (!validate) throw new Error('CallRecordEnvelope is missing from the bundled spec');

  test('the seeded dynamic mock generates a valid, repeatable response that is not the example', async () => {
    const { client } = clientFor(mockBaseUrl('dynamicMockUrl'));
    const first = await client.calls.get('session-a');
    expect(validate(first), ajv.errorsText(validate.errors)).toBe(true);
    expect(first).not.toEqual(initiated);
    expect(await client.calls.get('session-b')).toEqual(first); // fixed seed: same generation each time
  });

  test('a series of generated Get Call responses all validate against CallRecordEnvelope', async () => {
    // `Prefer: dynamic=true` makes Prism generate each response afresh, unseeded, so the series varies.
    const { client } = clientFor(mockBaseUrl());
    const bodies = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const body = await client.calls.get(`session-${i}`, { headers: { Prefer: 'dynamic=true' } });
      expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
      bodies.add(JSON.stringify(body));
    }
    expect(bodies.size).toBeGreaterThan(1);
  });
});

describe('retries and errors against Prism', () => {
  test('429 (the 4XX range of List users) is retried, then RateLimitError', async () => {
    const { fetch, requests } = recordingFetch((r) => globalThis.fetch(r));
    const { client, sleeps } = clientFor(mockBaseUrl(), { fetch, maxRetries: 2 });
    const error = await client.users.list({ headers: { Prefer: 'code=429' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  test('404 and 403 are not retried', async () => {
    const { fetch, requests } = recordingFetch((r) => globalThis.fetch(r));
    const { client } = clientFor(mockBaseUrl(), { fetch });
    await expect(client.users.list({ headers: { Prefer: 'code=404' } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.users.list({ headers: { Prefer: 'code=403' } })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(requests).toHaveLength(2);
  });

  test('the management API gets key and secret, never apikey', async () => {
    const { fetch, requests } = recordingFetch((r) => globalThis.fetch(r));
    const { client } = clientFor(mockBaseUrl(), {
      fetch,
      managementKey: 'mk',
      managementSecret: 'ms',
    });
    await client.apps.list();
    expect(requests[0]!.headers.get('key')).toBe('mk');
    expect(requests[0]!.headers.get('secret')).toBe('ms');
    expect(requests[0]!.headers.has('apikey')).toBe(false);
  });
});

describe('one client, every area of the mock', () => {
  test("baseUrl at the mock's origin reaches Get Call, the chat operations and the management API", async () => {
    const { fetch, requests } = recordingFetch((r) => globalThis.fetch(r));
    const { client } = clientFor(mockBaseUrl(), { fetch, managementKey: 'mk', managementSecret: 'ms' });
    expect((await client.calls.get(SESSION)).data[0]!.sessionId).toBe(SESSION);
    await client.users.list();
    await client.authTokens.create('cometchat-uid-1');
    await client.messages.send({ receiver: 'u2', receiverType: 'user', type: 'text', data: { text: 'hi' } });
    await client.apps.list();
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      `GET /v3/calls/${encodeURIComponent(SESSION)}`,
      'GET /v3/users',
      'POST /v3/users/cometchat-uid-1/auth_tokens',
      'POST /v3/messages',
      'GET /apps',
    ]);
  });
});

describe('withResponse()', () => {
  test("the data with the answer's status and headers; awaiting the call gives the data alone", async () => {
    const { client } = clientFor(mockBaseUrl());
    const { data, status, headers, response } = await client.calls.get(SESSION).withResponse();
    expectTypeOf(data).toEqualTypeOf<GetCallResponse>();
    expect(data).toEqual(initiated);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.status).toBe(200);
    expect(await client.calls.get(SESSION)).toEqual(initiated);
  });

  test('an error answer rejects withResponse() with the typed error, its headers on it', async () => {
    const { client } = clientFor(mockBaseUrl());
    const pending = client.calls.get(SESSION, { headers: { Prefer: 'code=400' } });
    const error = await pending.withResponse().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).headers.get('content-type')).toMatch(/json/);
    await expect(pending).rejects.toBeInstanceOf(BadRequestError);
  });
});

// Inputs are checked before anything is sent (fast-check properties) and a sessionId can never
// address anything but /v3/calls/{sessionId}.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createClient, InvalidInputError, regions } from '../../src/index.js';
import { recordingFetch, thrownBy } from '../support/helpers.js';

const base = { appId: 'app1', region: 'eu', apiKey: 'inputs-test-key', env: {} } as const;
const CALLS_PREFIX = '/v3/calls/';
const validLabel = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/);

describe('sessionId', () => {
  test('any valid sessionId round-trips and stays under /v3/calls/', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    const sessionId = fc
      .string({ unit: 'binary', minLength: 1 })
      .filter((s) => s !== '.' && s !== '..' && !/\p{Cs}/u.test(s));
    await fc.assert(
      fc.asyncProperty(sessionId, async (id) => {
        await client.calls.get(id);
        const url = new URL(requests.at(-1)!.url);
        expect(url.origin).toBe('https://app1.call-eu.cometchat.io');
        expect(url.pathname.startsWith(CALLS_PREFIX)).toBe(true);
        const segment = url.pathname.slice(CALLS_PREFIX.length);
        expect(segment).not.toContain('/');
        expect(decodeURIComponent(segment)).toBe(id);
        expect(url.search + url.hash).toBe('');
      }),
      { numRuns: 150 },
    );
  });

  test('sessionIds that cannot stay a single segment are refused before a request', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    // Lone surrogates: a high one, a low one, and a high one between letters.
    for (const bad of ['', '.', '..', '\uD800', '\uDFFF', 'a\uD83Db']) {
      await expect(client.calls.get(bad)).rejects.toBeInstanceOf(InvalidInputError);
    }
    // @ts-expect-error a sessionId is a string
    await expect(client.calls.get(42)).rejects.toThrow(/sessionId must be a non-empty string/);
    expect(requests).toHaveLength(0);
  });
});

describe('appId and region', () => {
  test('any DNS label is accepted and becomes the host', () => {
    fc.assert(
      fc.property(validLabel, fc.constantFrom(...regions), (appId, region) => {
        const { servers } = createClient({ ...base, appId, region }).toJSON();
        expect(servers).toContain(`https://${appId}.call-${region}.cometchat.io/v3`);
        expect(servers).toContain(`https://${appId}.api-${region}.cometchat.io/v3`);
      }),
    );
  });

  test('any appId that is not one DNS label is refused', () => {
    const broken = fc.oneof(
      fc.constant(''),
      fc
        .tuple(validLabel, fc.constantFrom('.', '/', ' ', '\n', '@', ':', '?', '#', '_', '\u00e9'), validLabel)
        .map(([a, bad, b]) => a + bad + b),
      validLabel.map((l) => `-${l}`),
      validLabel.map((l) => `${l}-`),
      fc.string({ minLength: 64, maxLength: 80, unit: fc.constantFrom('a', 'b', '1') }),
    );
    fc.assert(
      fc.property(broken, (appId) => {
        expect(() => createClient({ ...base, appId })).toThrow(InvalidInputError);
      }),
    );
  });

  test('any region outside the spec enum is refused, naming the allowed ones', () => {
    fc.assert(
      fc.property(
        fc.string().filter((r) => !(regions as readonly string[]).includes(r)),
        (region) => {
          // @ts-expect-error not a Region
          expect(() => createClient({ ...base, region })).toThrow(/is not one of us, eu, in/);
        },
      ),
    );
  });
});

describe('header values', () => {
  const withBreak = fc
    .tuple(fc.string(), fc.constantFrom('\r', '\n', '\r\n', '\0', '\u007f'), fc.string())
    .map(([a, c, b]) => a + c + b);

  test('an onBehalfOf with CR, LF or another control character is refused before a request', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    await fc.assert(
      fc.asyncProperty(withBreak, async (onBehalfOf) => {
        await expect(client.calls.get('s1', { onBehalfOf })).rejects.toBeInstanceOf(InvalidInputError);
        await expect(client.calls.get('s1', { headers: { 'x-extra': onBehalfOf } })).rejects.toBeInstanceOf(
          InvalidInputError,
        );
      }),
    );
    expect(requests).toHaveLength(0);
  });

  test('a credential with such a character is refused without showing its value', () => {
    fc.assert(
      fc.property(withBreak, fc.constantFrom('apiKey', 'managementKey', 'managementSecret'), (value, name) => {
        const secret = `SECRET${value}`;
        const error = thrownBy(() => createClient({ ...base, [name]: secret }));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as Error).message).toContain(name);
        expect((error as Error).message).not.toContain('SECRET');
      }),
    );
  });
});

describe('baseUrl', () => {
  test('HTTPS anywhere, plain HTTP only on loopback', () => {
    for (const ok of [
      'https://mock.example.test',
      'http://127.0.0.1:4010',
      'http://localhost:1',
      'http://[::1]:80/v3/',
    ]) {
      expect(() => createClient({ ...base, baseUrl: ok })).not.toThrow();
    }
    for (const bad of [
      'http://mock.example.test',
      'http://10.0.0.1:4010',
      'ftp://127.0.0.1',
      'not a url',
      'https://u:p@h.test',
    ]) {
      expect(() => createClient({ ...base, baseUrl: bad })).toThrow(InvalidInputError);
    }
  });

  test('a bare ? or # is refused too: the paths would be appended after it', () => {
    // URL reports an empty query or fragment as '', so only the href shows it.
    for (const bad of ['https://mock.example.test/v3?', 'https://mock.example.test/v3#']) {
      expect(() => createClient({ ...base, baseUrl: bad })).toThrow(
        /baseUrl .* without credentials, query or fragment/,
      );
    }
  });
});

describe('missing settings', () => {
  test('an operation whose credential is missing is refused, naming the option and the variable', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ appId: 'app1', region: 'us', env: {}, fetch });
    await expect(client.calls.get('s1')).rejects.toThrow(/needs the apiKey option \(or CHATPLATFORM_API_KEY/);
    await expect(client.apps.list()).rejects.toThrow(/managementKey option \(or CHATPLATFORM_MANAGEMENT_KEY/);
    expect(requests).toHaveLength(0);
  });

  test('no appId or region: a clear error', () => {
    expect(() => createClient({ region: 'us', env: {} })).toThrow(/appId undefined is not a single DNS label/);
    expect(() => createClient({ appId: 'a', env: {} })).toThrow(/region undefined is not one of/);
  });
});

describe('path parameters through every entry point', () => {
  // client.api and client.api.request used to skip the check calls.get makes: `..` sent the key to /v3/.
  const entryPoints = (client: ReturnType<typeof createClient>, value: string) => [
    client.api.GET('/calls/{sessionId}', { params: { path: { sessionId: value } } }),
    client.api.request('get', '/calls/{sessionId}', { params: { path: { sessionId: value } } }),
    client.api.POST('/users/{uid}/auth_tokens', { params: { path: { uid: value } } }),
    client.authTokens.create(value),
  ];

  test('., .., empty and lone surrogates are refused before a request', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    for (const bad of ['', '.', '..', '\uD800']) {
      for (const pending of entryPoints(client, bad)) await expect(pending).rejects.toBeInstanceOf(InvalidInputError);
    }
    expect(requests).toHaveLength(0);
  });

  test('any value either is refused or stays one segment under its path', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('.', '..', '%2e%2e', '../apps', './'), fc.string({ unit: 'binary' })),
        async (value) => {
          for (const pending of entryPoints(client, value)) {
            const sent = requests.length;
            const refused = await pending.then(
              () => false,
              (e: unknown) => e instanceof InvalidInputError,
            );
            if (refused) {
              expect(requests).toHaveLength(sent);
              continue;
            }
            const { pathname } = new URL(requests.at(-1)!.url);
            const [, head, segment, tail] = /^\/v3\/(calls|users)\/([^/]+)(\/auth_tokens)?$/.exec(pathname) ?? [];
            expect(head, pathname).toBeDefined();
            expect(decodeURIComponent(segment!)).toBe(value);
            expect(tail === undefined).toBe(head === 'calls');
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("durations past setTimeout's limit", () => {
  // Node turns a delay over 2^31 - 1 ms into 1 ms: every call would fail at once.
  const tooLong = [2 ** 31, 3e9, Infinity];

  test.each(['timeout', 'initialRetryDelay', 'maxRetryDelay', 'maxRetryAfter'])(
    '%s over 2147483647 ms is refused by the client',
    (name) => {
      for (const value of tooLong) {
        expect(() => createClient({ ...base, [name]: value })).toThrow(
          new RegExp(`${name} ${value} must be .* at most 2147483647`),
        );
      }
      expect(() => createClient({ ...base, [name]: 2 ** 31 - 1 })).not.toThrow();
    },
  );

  test('a per-request timeout over it is refused before a request', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    await expect(client.calls.get('s1', { timeout: 3e9 })).rejects.toBeInstanceOf(InvalidInputError);
    await expect(client.api.GET('/users', { timeout: 3e9 })).rejects.toBeInstanceOf(InvalidInputError);
    expect(requests).toHaveLength(0);
  });
});

describe('error kinds', () => {
  test('a bad per-request header name is an InvalidInputError naming it', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    for (const name of ['bad name', 'x:y', '', 'é']) {
      const error = await client.calls.get('s1', { headers: { [name]: 'v' } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toContain(`header name ${JSON.stringify(name)}`);
    }
    expect(requests).toHaveLength(0);
  });

  test('openapi-fetch options the client does not apply per call are refused, not ignored', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    const options = {
      baseUrl: 'https://elsewhere.example/v3',
      querySerializer: () => '',
      pathSerializer: () => '',
      Request: globalThis.Request,
    };
    for (const [name, value] of Object.entries(options)) {
      const error = await client.api.GET('/users', { [name]: value } as never).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toContain(`${name} is not supported per call`);
    }
    expect(requests).toHaveLength(0);
  });

  test('NaN and Infinity are shown as such, not as null', () => {
    expect(() => createClient({ ...base, timeout: NaN })).toThrow(/timeout NaN must be/);
    expect(() => createClient({ ...base, maxRetries: Infinity })).toThrow(/maxRetries Infinity must be/);
  });
});

describe('options are checked before anything is sent', () => {
  test.each([
    ['retryMethods as a string', { retryMethods: 'POST' }, /retryMethods "POST" must be an array of methods/],
    ['retryMethods with a typo', { retryMethods: ['GET', 'PSOT'] }, /retryMethods "PSOT" is not one of GET, PUT/],
    ['fetch that is not a function', { fetch: 'nope' }, /fetch "string" must be a function/],
    ['timeout null', { timeout: null }, /timeout null must be a positive number of ms/],
    ['maxRetries null', { maxRetries: null }, /maxRetries null must be a non-negative integer/],
    ['a logger without methods', { logger: {} }, /logger has no debug, info, warn method/],
    ['a logger without warn', { logger: { debug() {}, info() {} } }, /logger has no warn method/],
    ['middleware that is not an array', { middleware: {} }, /middleware "object" must be an array/],
    ['sleep that is not a function', { sleep: 5 }, /sleep "number" must be a function/],
  ])('%s: InvalidInputError naming it', (_, option, message) => {
    const error = thrownBy(() => createClient({ ...base, ...(option as object) }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  test('per request: timeout null, fetch not a function, an unknown parseAs, maxRetries on a method not retried', async () => {
    const { fetch, requests } = recordingFetch();
    const client = createClient({ ...base, fetch });
    const message = { receiver: 'u2', receiverType: 'user', type: 'text', data: { text: 'hi' } } as const;
    const refused: [Promise<unknown>, RegExp][] = [
      [client.calls.get('s1', { timeout: null as never }), /timeout null must be a positive number/],
      [client.api.GET('/users', { timeout: null as never }), /timeout null must be a positive number/],
      [client.api.GET('/users', { fetch: 'nope' as never }), /fetch "string" must be a function/],
      [client.api.GET('/users', { parseAs: 'xml' as never }), /parseAs "xml" is not one of json, text/],
      [client.messages.send(message, { maxRetries: 2 }), /maxRetries 2 is set, but POST is not retried: add it/],
    ];
    for (const [pending, reason] of refused) {
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(reason);
    }
    await client.messages.send(message, { maxRetries: 0 });
    expect(requests).toHaveLength(1);
  });

  test("client.api types the client's own per-request options: a typo does not compile", async () => {
    const { fetch } = recordingFetch();
    const client = createClient({ ...base, fetch });
    await client.api.GET('/users', { timeout: 5000, maxRetries: 0, signal: AbortSignal.timeout(60_000) });
    // @ts-expect-error timout is not an option (timeout is)
    await client.api.GET('/users', { timout: 5000 });
    // @ts-expect-error the base URL is the client's, not a call's
    await client.api.GET('/users', { baseUrl: 'https://elsewhere.test' }).catch(() => undefined);
    // @ts-expect-error onBehalfOf is a string
    await client.api.GET('/calls/{sessionId}', { params: { path: { sessionId: 's' } }, onBehalfOf: 1 }).catch(() => 0);
  });
});

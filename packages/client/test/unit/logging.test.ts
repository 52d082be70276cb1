// One log line per attempt (CHATPLATFORM_LOG / logLevel, and a logger), against a fault server.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createClient, InvalidInputError, type LogLevel } from '../../src/index.js';
import { type Fault, type FaultServer, json, startFaultServer } from '../support/fault-server.js';
import { API_KEY, APP_ID, recordingLogger } from '../support/helpers.js';

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function logged(script: Fault[], env: Record<string, string>, logLevel?: LogLevel) {
  server = await startFaultServer(script);
  const { logger, lines } = recordingLogger();
  const sleep = async () => {};
  const client = createClient({
    appId: APP_ID,
    region: 'eu',
    apiKey: API_KEY,
    baseUrl: server.url,
    env,
    logger,
    logLevel,
    sleep,
    random: () => 0,
  });
  return { client, lines };
}

describe('CHATPLATFORM_LOG', () => {
  test('debug: every attempt, with method, operation, URL without its query, status, attempt, wait, elapsed', async () => {
    const { client, lines } = await logged([json(503, {}), json(200, { data: [] })], { CHATPLATFORM_LOG: 'debug' });
    // A query added on the way (here by a middleware) is not logged: it may carry user data.
    const addQuery = {
      onRequest: ({ request }: { request: Request }) => new Request(`${request.url}?q=private`, request),
    };
    await client.api.GET('/users', { middleware: [addQuery] });
    expect(lines.map((l) => [l.level, l.fields.status, l.fields.attempt, l.fields.wait])).toEqual([
      ['info', 503, 1, 500],
      ['debug', 200, 2, undefined],
    ]);
    const [retry] = lines;
    expect(retry!.fields).toMatchObject({
      method: 'GET',
      operation: 'list-users',
      url: `${server!.url}/v3/users`,
      attempts: 3,
    });
    expect(retry!.fields.elapsed).toBeGreaterThanOrEqual(0);
    const attempt = `attempt 1 of 3, ${retry!.fields.elapsed} ms`;
    expect(retry!.message).toBe(
      `chatplatform: GET list-users ${server!.url}/v3/users → 503 (${attempt}), retrying in 500 ms`,
    );
    expect(JSON.stringify(lines)).not.toContain('private');
  });

  test('warn (the default): only the failure that ends a request, named by its error', async () => {
    const { client, lines } = await logged(['reset', 'reset', 'reset'], {});
    await client.calls.get('s1').catch(() => undefined);
    expect(lines.map((l) => [l.level, l.fields.status, l.fields.attempt])).toEqual([['warn', 'ConnectionError', 3]]);
  });

  test('warn: a 2xx whose JSON does not parse is a failure, logged as InvalidResponseError, not retried', async () => {
    const malformed: Fault = { status: 200, headers: { 'content-type': 'application/json' }, body: '{"data": [' };
    const { client, lines } = await logged([malformed, malformed], {});
    await expect(client.calls.get('s1')).rejects.toMatchObject({ name: 'InvalidResponseError', status: 200 });
    expect(lines.map((l) => [l.level, l.fields.status, l.fields.attempt])).toEqual([
      ['warn', 'InvalidResponseError', 1],
    ]);
  });

  test('info: the retries and the failures, not the answers', async () => {
    const { client, lines } = await logged([json(503, {}), json(200, {}), json(404, {})], { CHATPLATFORM_LOG: 'info' });
    await client.calls.get('s1');
    await client.calls.get('s1').catch(() => undefined);
    expect(lines.map((l) => [l.level, l.fields.status])).toEqual([['info', 503]]);
  });

  test('off, and the option wins over the variable', async () => {
    const { client, lines } = await logged(['reset'], { CHATPLATFORM_LOG: 'debug' }, 'off');
    await client.calls.get('s1', { maxRetries: 0 }).catch(() => undefined);
    expect(lines).toEqual([]);
  });

  test('without a logger: the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server = await startFaultServer(['reset']);
    const client = createClient({
      appId: APP_ID,
      region: 'eu',
      apiKey: API_KEY,
      baseUrl: server.url,
      env: {},
      maxRetries: 0,
    });
    await client.calls.get('s1').catch(() => undefined);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(
      /^chatplatform: GET get-call .*\/calls\/s1 → ConnectionError \(attempt 1 of 1/,
    );
  });

  test('an unknown level is refused, naming the variable', () => {
    expect(() => createClient({ appId: APP_ID, region: 'eu', env: { CHATPLATFORM_LOG: 'verbose' } })).toThrow(
      InvalidInputError,
    );
    expect(() => createClient({ appId: APP_ID, region: 'eu', env: { CHATPLATFORM_LOG: 'verbose' } })).toThrow(
      /CHATPLATFORM_LOG/,
    );
  });
});

describe('a logger never changes the outcome', () => {
  test("a logger that throws: the call still ends with the API's error", async () => {
    server = await startFaultServer([json(503, { reason: 'down' })]);
    const broken = () => {
      throw new Error('the log sink is down');
    };
    const client = createClient({
      appId: APP_ID,
      region: 'eu',
      apiKey: API_KEY,
      baseUrl: server.url,
      env: {},
      maxRetries: 0,
      logLevel: 'debug',
      logger: { debug: broken, info: broken, warn: broken },
    });
    await expect(client.calls.get('s1')).rejects.toMatchObject({ name: 'ServerError', status: 503 });
  });

  test("the caller's own abort is logged at debug, not warn", async () => {
    server = await startFaultServer(['hang']);
    const { logger, lines } = recordingLogger();
    const options = { appId: APP_ID, region: 'eu', apiKey: API_KEY, baseUrl: server.url, env: {}, logger } as const;
    const controller = new AbortController();
    const pending = createClient({ ...options, logLevel: 'debug' }).calls.get('s1', { signal: controller.signal });
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortedError' });
    expect(lines.map((l) => [l.level, l.fields.status])).toEqual([['debug', 'AbortedError']]);
    lines.length = 0;
    const quiet = createClient(options).calls.get('s1', { signal: AbortSignal.abort() });
    await expect(quiet).rejects.toMatchObject({ name: 'AbortedError' });
    expect(lines).toEqual([]);
  });
});

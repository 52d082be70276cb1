import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, type OpenApiDocument, validateRecording } from '../../src/index.js';

/** A small spec exercising the OpenAPI rules the validator implements. */
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'rules', version: '3.0.0' },
  servers: [
    {
      url: 'https://{host}/{version}',
      variables: { host: { default: 'x' }, version: { default: 'v3', enum: ['v3'] } },
    },
  ],
  security: [{ key: [] }],
  paths: {
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: {
        operationId: 'get-item',
        parameters: [
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string', pattern: '^[a-f0-9]+$' } },
        ],
        responses: {
          '200': { $ref: '#/components/responses/Item' },
          '4XX': {
            description: 'client error',
            content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
          },
          default: {
            description: 'anything else',
            content: { 'application/json': { schema: { type: 'object', required: ['error'] } } },
          },
        },
      },
    },
    '/items/latest': {
      servers: [{ url: '/edge' }],
      get: { operationId: 'latest-item', security: [{}], responses: { '204': { description: 'nothing' } } },
    },
    '/items': {
      post: {
        operationId: 'create-item',
        security: [{ bearer: [] }, { key: [], query: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
        },
        responses: { '201': { $ref: '#/components/responses/Item' } },
      },
    },
  },
  components: {
    securitySchemes: {
      key: { type: 'apiKey', in: 'header', name: 'apikey' },
      query: { type: 'apiKey', in: 'query', name: 'token' },
      bearer: { type: 'http', scheme: 'bearer' },
    },
    schemas: {
      Item: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      },
    },
    responses: {
      Item: {
        description: 'an item',
        headers: { 'X-Rate': { required: true, schema: { type: 'integer' } } },
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
      },
    },
  },
};

const validator = new ExchangeValidator(doc);
const ok = { 'content-type': 'application/json', 'x-rate': '10' };
const exchange = (
  method: string,
  url: string,
  headers: Record<string, string>,
  status: number,
  body?: unknown,
  resHeaders: Record<string, string> = ok,
  reqBody?: unknown,
): Exchange => ({
  request: { method, url, headers, ...(reqBody !== undefined ? { body: reqBody } : {}) },
  response: { status, headers: resHeaders, ...(body !== undefined ? { body } : {}) },
});
const check = (e: Exchange) =>
  validator.validate(e).violations.map((v) => `${v.kind} ${v.pointer}: ${v.expected} / ${v.found}`);

describe('matching exchanges to operations', () => {
  it('strips host and a templated server base path, and coerces path and header parameters', () => {
    expect(
      check(exchange('GET', 'https://h.example/v3/items/7', { apikey: 'k', 'x-trace': 'ab12' }, 200, { name: 'a' })),
    ).toEqual([]);
    expect(
      check(exchange('GET', 'https://h.example/v3/items/0', { apikey: 'k', 'x-trace': 'XYZ' }, 200, { name: 'a' })),
    ).toEqual([
      'request /request/path/id: minimum: must be >= 1 / string "0"',
      'request /request/headers/X-Trace: pattern ^[a-f0-9]+$ / string "XYZ"',
    ]);
  });

  it('prefers a concrete path to a templated one, under its own path-level server', () => {
    const report = validator.validate(exchange('GET', '/edge/items/latest', {}, 204));
    expect(report.operationId).toBe('latest-item');
    expect(report.violations).toEqual([]);
    // Under the root server, /items/latest is the templated /items/{id} with a non-integer id.
    expect(check(exchange('GET', '/v3/items/latest', { apikey: 'k', 'x-trace': 'a' }, 200, { name: 'a' }))).toEqual([
      'request /request/path/id: type integer / string "latest"',
    ]);
  });

  it('takes the path from after the host only: a URL without a path is at /, whatever its query or fragment hold', () => {
    for (const url of ['https://h.example?x=/v3/items/7', 'https://h.example#/v3/items/7', 'https://h.example'])
      expect(check(exchange('GET', url, { apikey: 'k', 'x-trace': 'ab12' }, 200, { name: 'a' })), url).toEqual([
        'unknown-path /request/url: a path of the spec under one of its servers / https://h.example/',
      ]);
    const { path } = validator.validate(exchange('GET', 'https://h.example/v3/items/7?next=/a#b', {}, 200));
    expect(path).toBe('/v3/items/7');
  });

  it('reports a required header missing, by its name in the spec', () => {
    expect(check(exchange('GET', '/v3/items/1', { apikey: 'k' }, 200, { name: 'a' }))).toEqual([
      'request /request/headers/X-Trace: required header parameter / absent',
    ]);
  });
});

describe('servers: a request sent to a server of the spec that does not serve its operation', () => {
  const areaServer = (area: string) => ({
    url: `https://{app}.${area}-{region}.{domain}/v3`,
    variables: { app: { default: 'a' }, region: { default: 'us', enum: ['us', 'eu'] }, domain: { default: 'ex.io' } },
  });
  /** Two areas on hosts of one domain, as the platform's Calls and chat hosts, and a whole-host management server. */
  const areas = new ExchangeValidator({
    openapi: '3.1.0',
    info: { title: 'areas', version: '3.0.0' },
    servers: [areaServer('chat')],
    paths: {
      '/calls/{id}': {
        servers: [areaServer('call')],
        get: { operationId: 'get-call', responses: { '204': { description: 'ok' } } },
      },
      '/users': { get: { operationId: 'list-users', responses: { '204': { description: 'ok' } } } },
      '/apps': {
        servers: [{ url: 'https://{management}', variables: { management: { default: 'mgmt.ex.io' } } }],
        get: { operationId: 'list-apps', responses: { '204': { description: 'ok' } } },
      },
    },
  });
  const violations = (url: string) =>
    areas.validate(exchange('GET', url, {}, 204, undefined, {})).violations.map((v) => `${v.kind} ${v.found}`);

  it("reports a request on another area's host, or over http, with the origin it went to", () => {
    expect(violations('https://app1.chat-eu.ex.io/v3/calls/7')).toEqual(['server https://app1.chat-eu.ex.io']);
    expect(violations('http://app1.call-eu.ex.io/v3/calls/7')).toEqual(['server http://app1.call-eu.ex.io']);
    expect(violations('https://mgmt.ex.io/v3/users')).toEqual(['server https://mgmt.ex.io']);
    expect(violations('https://app1.call-us.ex.io/apps')).toEqual(['server https://app1.call-us.ex.io']);
    // The user info of a URL is not shown.
    expect(violations('https://u:secret@app1.chat-us.ex.io/v3/calls/7')).toEqual(['server https://app1.chat-us.ex.io']);
    const [violation] = areas.validate(
      exchange('GET', 'https://a.chat-us.ex.io/v3/calls/1', {}, 204, undefined, {}),
    ).violations;
    expect(violation).toMatchObject({
      pointer: '/request/url',
      expected: 'a request to https://{app}.call-{region}.{domain}',
    });
  });

  it('accepts its own servers however the origin is written, and does not check hosts the spec does not name', () => {
    for (const url of [
      'https://app1.call-eu.ex.io/v3/calls/7',
      'https://APP1.Call-EU.ex.io:443/v3/calls/7',
      'https://app1.chat-us.ex.io/v3/users',
      'https://mgmt.ex.io/apps',
      // A mock, a staging host, a region the servers do not list: not the spec's hosts.
      'http://127.0.0.1:4010/v3/calls/7',
      'http://localhost:4010/apps',
      'https://staging.example.com/v3/users',
      'https://app1.call-xx.ex.io/v3/calls/7',
      // Relative URLs carry no host.
      '/v3/calls/7',
    ])
      expect(violations(url), url).toEqual([]);
  });
});

describe('servers: ports and IPv6 literals', () => {
  const servers = new ExchangeValidator({
    openapi: '3.1.0',
    info: { title: 'ports', version: '1.0.0' },
    servers: [
      { url: 'https://api.example.com:{port}/v1', variables: { port: { default: '443', enum: ['443', '8443'] } } },
    ],
    paths: {
      '/things': { get: { operationId: 'list-things', responses: { '204': { description: 'ok' } } } },
      '/local': {
        servers: [{ url: 'http://[::1]:8080/v1' }],
        get: { operationId: 'local', responses: { '204': { description: 'ok' } } },
      },
    },
  });
  const found = (url: string) =>
    servers.validate(exchange('GET', url, {}, 204, undefined, {})).violations.map((v) => `${v.kind} ${v.found}`);

  it('takes a port variable that may be the default port as optional, and an IPv6 literal as a host of the spec', () => {
    for (const url of [
      'https://api.example.com/v1/things',
      'https://api.example.com:443/v1/things',
      'https://api.example.com:8443/v1/things',
      'http://[::1]:8080/v1/local',
    ])
      expect(found(url), url).toEqual([]);
    expect(found('https://api.example.com:9443/v1/things')).toEqual(['server https://api.example.com:9443']);
    expect(found('http://[::1]:8080/v1/things')).toEqual(['server http://[::1]:8080']);
    expect(found('https://api.example.com/v1/local')).toEqual(['server https://api.example.com']);
  });
});

describe('security requirements', () => {
  it('accepts any one alternative, and an AND of schemes only when all are present', () => {
    const body = { name: 'n' };
    expect(check(exchange('POST', '/v3/items', { authorization: 'Bearer t' }, 201, body, ok, body))).toEqual([]);
    expect(check(exchange('POST', '/v3/items?token=abc', { apikey: 'k' }, 201, body, ok, body))).toEqual([]);
    expect(check(exchange('POST', '/v3/items', { apikey: 'k' }, 201, body, ok, body))).toEqual([
      'security /request/headers/authorization: one of: header `Authorization` (bearer, bearer) | header `apikey` (key) and query parameter `token` (query) / absent',
    ]);
  });

  it('an empty requirement makes security optional', () => {
    expect(check(exchange('GET', '/edge/items/latest', {}, 204))).toEqual([]);
  });
});

describe('responses by status: exact code, then range, then default', () => {
  const headers = { apikey: 'k', 'x-trace': 'a' };
  it('uses the 4XX range with its own media type', () => {
    expect(
      check(
        exchange('GET', '/v3/items/1', headers, 404, { title: 'no' }, { 'content-type': 'application/problem+json' }),
      ),
    ).toEqual([]);
    expect(
      check(exchange('GET', '/v3/items/1', headers, 404, {}, { 'content-type': 'application/problem+json' })),
    ).toEqual(['response /response/body/title: required property / absent']);
  });

  it('falls back to default for other codes, and checks the content type', () => {
    expect(check(exchange('GET', '/v3/items/1', headers, 503, { error: 'down' }))).toEqual([]);
    expect(check(exchange('GET', '/v3/items/1', headers, 503, '<html>', { 'content-type': 'text/html' }))).toEqual([
      'response /response/headers/content-type: application/json / text/html',
    ]);
  });

  it('checks documented response headers and a missing body', () => {
    expect(
      check(
        exchange(
          'GET',
          '/v3/items/1',
          headers,
          200,
          { name: 'a' },
          { 'content-type': 'application/json', 'x-rate': 'many' },
        ),
      ),
    ).toEqual(['response /response/headers/X-Rate: type integer / string "many"']);
    expect(check(exchange('GET', '/v3/items/1', headers, 200, undefined))).toEqual([
      'response /response/body: a body (application/json) / no body',
    ]);
  });

  it('validates the request body, parsing raw JSON text', () => {
    expect(
      check(
        exchange(
          'POST',
          '/v3/items',
          { authorization: 'Bearer t', 'content-type': 'application/json' },
          201,
          { name: 'a' },
          ok,
          '{"tags":[1]}',
        ),
      ),
    ).toEqual([
      'request /request/body/name: required property / absent',
      'request /request/body/tags/0: type string / number 1',
    ]);
  });

  it('never prints values of secret-looking properties', () => {
    const report = validator.validate(
      exchange('POST', '/v3/items', { authorization: 'Bearer t' }, 201, { name: 'a' }, ok, {
        name: 'a',
        tags: 'x',
        token: 1,
      }),
    );
    expect(report.violations).toEqual([
      { kind: 'request', pointer: '/request/body/tags', expected: 'type array', found: 'string "x"' },
    ]);
    const secret = new ExchangeValidator({
      ...doc,
      components: {
        ...doc.components,
        schemas: { Item: { type: 'object', properties: { apiKey: { type: 'integer' } } } },
      },
    });
    const leaked = secret.validate(
      exchange('POST', '/v3/items', { authorization: 'Bearer t' }, 201, { apiKey: 'sk-live-123' }, ok, { name: 'x' }),
    );
    expect(leaked.violations).toEqual([
      { kind: 'response', pointer: '/response/body/apiKey', expected: 'type integer', found: '(redacted)' },
    ]);
  });
});

describe('streaming', () => {
  it('validates a large HAR stream entry by entry, in bounded memory', async () => {
    const recorded = exchange('GET', '/v3/items/1', { apikey: 'k', 'x-trace': 'a' }, 200, { name: 'x'.repeat(2000) });
    const { body, ...response } = recorded.response;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const entry = JSON.stringify({
      request: recorded.request,
      response: { ...response, content: { mimeType: 'application/json', size: text.length, text } },
    });
    const count = 30_000; // ~65 MB of input: held in memory (or its entries kept) it would exceed the bound below
    const input = Readable.from(
      (function* () {
        yield '{"log": {"version": "1.2", "entries": [\n';
        for (let i = 0; i < count; i++) yield `${i === 0 ? '' : ',\n'}${entry}`;
        yield '\n]}}\n';
      })(),
    );
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error('run with --expose-gc: the memory test needs global.gc');
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let sampleAt = 10_000;
    const summary = await validateRecording(input, {
      validator,
      format: 'har',
      onProgress: (n) => {
        if (n < sampleAt) return;
        sampleAt += 10_000;
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      },
    });
    expect(summary).toMatchObject({ exchanges: count, conforming: count, violating: 0 });
    expect(summary.reports).toEqual([]);
    expect((peak - before) / 1024 / 1024).toBeLessThan(20);
  });

  it('validates a large NDJSON stream in bounded memory', async () => {
    const line = `${JSON.stringify(exchange('GET', '/v3/items/1', { apikey: 'k', 'x-trace': 'a' }, 200, { name: 'x'.repeat(2000) }))}\n`;
    const count = 30_000; // ~62 MB of input: held in memory it would exceed the bound below
    const input = Readable.from(
      (function* () {
        for (let i = 0; i < count; i++) yield line;
      })(),
    );
    const gc = (globalThis as { gc?: () => void }).gc;
    // Without --expose-gc (vitest.config.ts) the samples would count garbage: refuse to measure.
    if (!gc) throw new Error('run with --expose-gc: the memory test needs global.gc');
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let sampleAt = 10_000;
    const summary = await validateRecording(input, {
      validator,
      format: 'ndjson',
      // Called after each batch: a sample each time the count passes another 10,000.
      onProgress: (n) => {
        if (n < sampleAt) return;
        sampleAt += 10_000;
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      },
    });
    expect(summary).toMatchObject({ exchanges: count, conforming: count, violating: 0 });
    // Retained after collection: a kept exchange (2 kB each) would add ~60 MB.
    expect((peak - before) / 1024 / 1024).toBeLessThan(20);
  });
});

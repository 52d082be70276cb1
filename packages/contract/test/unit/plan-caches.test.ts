// The validator keeps, per operation, what it worked out for the exchanges before (compiled
// schemas, the response for each status, the media type for each Content-Type, the last one
// matched): an exchange must get the report a validator that has seen nothing else gives it.
import { describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, type OpenApiDocument } from '../../src/index.js';
import { seededRandom } from '../support/helpers.js';

const json = (schema: object) => ({ 'application/json': { schema } });
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'plan caches', version: '1.0.0' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'apikey' } } },
  security: [{ key: [] }],
  servers: [{ url: 'https://{app}.items.example', variables: { app: { default: 'a' } } }],
  paths: {
    // Another area's host, so that a request can be sent to the wrong one of the spec's servers.
    '/other': {
      servers: [{ url: 'https://{app}.other.example', variables: { app: { default: 'a' } } }],
      get: { operationId: 'get-other', responses: { '204': { description: 'ok' } } },
    },
    '/items/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      post: {
        operationId: 'post-item',
        parameters: [{ name: 'X-Trace', in: 'header', schema: { type: 'string', pattern: '^[a-f0-9]+$' } }],
        requestBody: {
          required: true,
          content: { ...json({ type: 'object', required: ['name'] }), 'text/plain': { schema: { type: 'string' } } },
        },
        responses: {
          '200': {
            description: 'ok',
            content: json({
              type: 'object',
              required: ['items'],
              properties: { items: { type: 'array', items: { type: 'integer' } } },
            }),
          },
          '4XX': {
            description: 'client error',
            content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
          },
          default: { description: 'other', content: json({ type: 'object', required: ['error'] }) },
        },
      },
    },
  },
};

// More distinct Content-Type values than an operation remembers (64), so that some are worked out each time.
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json, application/json',
  'application/json, text/html',
  'application/problem+json',
  'text/plain',
  'text/html',
  ...Array.from({ length: 80 }, (_, i) => `application/json; v=${i}`),
];
// Its own servers written several ways, another area's, http, hosts the spec does not name, none.
const ORIGINS = [
  'https://a1.items.example',
  'https://A1.Items.example:443',
  'https://u:p@a1.items.example',
  'https://a1.other.example',
  'http://a1.items.example',
  'https://a1.items.example:8443',
  'https://a1.items.example.evil.example',
  'https://host.example',
  '',
];
const STATUSES = [200, 200, 201, 299, 400, 404, 418, 500, 503, 100, 204];
const METHODS = ['POST', 'POST', 'post', 'Post', 'GET', 'DELETE'];
const BODIES = [
  { name: 'n' },

  { items: [1, 2] },
  { items: 'x' },
  { title: 't' },
  { error: 'e' },
  {},
  '{"items": [3]}',
  'not json',
  '',
  'plain text',
];

function exchanges(count: number): Exchange[] {
  const next = seededRandom(20_261_123);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const conforming: Exchange = {
    request: {
      method: 'POST',
      url: '/items/1',
      headers: { apikey: 'k', 'content-type': 'application/json' },
      body: { name: 'n' },
    },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: { items: [1] } },
  };
  return Array.from({ length: count }, (_, i) =>
    i % 5 === 0
      ? structuredClone(conforming)
      : {
          request: {
            method: pick(METHODS),
            url: `${pick(ORIGINS)}/items/${pick(['1', '0', 'x', '42'])}`,
            headers: {
              ...(next() < 0.9 ? { apikey: 'k' } : {}),
              ...(next() < 0.5 ? { 'x-trace': pick(['ab12', 'XYZ']) } : {}),
              'content-type': pick(CONTENT_TYPES),
            },
            body: pick(BODIES),
          },
          response: { status: pick(STATUSES), headers: { 'content-type': pick(CONTENT_TYPES) }, body: pick(BODIES) },
        },
  );
}

describe('what an operation remembers between exchanges', () => {
  it('gives each exchange the report of a validator that has seen no other', () => {
    const all = exchanges(250);
    const warm = new ExchangeValidator(doc);
    // Every exchange once before, in reverse, so that each one meets full caches and another last Content-Type.
    for (const exchange of [...all].reverse()) warm.validate(exchange);
    const reports = all.map((exchange, i) => warm.validate(exchange, { line: i + 1 }, i));
    const cold = all.map((exchange, i) => new ExchangeValidator(doc).validate(exchange, { line: i + 1 }, i));
    expect(reports).toEqual(cold);
    // The comparison covers verdicts of every kind, not only conforming exchanges.
    const kinds = new Set(reports.flatMap((r) => r.violations.map((v) => v.kind)));
    expect([...kinds].sort()).toEqual(['method-not-allowed', 'request', 'response', 'security', 'server'].sort());
    expect(reports.filter((r) => r.violations.length === 0).length).toBeGreaterThan(0);
  });
});

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, exitCodeOf, validateRecording } from '../../src/index.js';
import { itemsSpec } from '../support/helpers.js';

/** A one-operation spec: GET /items answers 200 with {data: [integer ≥ 2]}. */
const doc = itemsSpec('fail-closed', {
  type: 'object',
  required: ['data'],
  properties: {
    data: { type: 'array', items: { type: 'integer', minimum: 2 } },
    privateKey: { type: 'integer' },
    sessionKey: { type: 'integer' },
    pw: { type: 'integer' },
    credentials: { type: 'object', properties: { user: { type: 'integer' } } },
  },
});
const validator = new ExchangeValidator(doc);

const json = { 'content-type': 'application/json' };
const good: Exchange = {
  request: { method: 'GET', url: '/items', headers: {} },
  response: { status: 200, headers: json, body: { data: [2, 3] } },
};
const line = (e: Exchange = good) => `${JSON.stringify(e)}\n`;
const stream = (...parts: (string | Buffer)[]) =>
  Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
const run = (input: NodeJS.ReadableStream, format?: 'ndjson' | 'har', extra: { maxLineBytes?: number } = {}) =>
  validateRecording(input, { validator, name: 'in', ...(format ? { format } : {}), ...extra });
const harOf = (log: unknown) => JSON.stringify({ log });
const harEntry = (e: Exchange = good) => ({
  request: { method: e.request.method, url: e.request.url, headers: [] },
  response: {
    status: e.response.status,
    headers: [{ name: 'content-type', value: 'application/json' }],
    content: { text: JSON.stringify(e.response.body) },
  },
});

describe('faults keep the report and name the place', () => {
  it('a header value nested 100,000 deep is an input error at its line, after the exchanges before it', async () => {
    const nested = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const bad = line(good).replace('"headers":{}', `"headers":{"x-deep":${nested}}`);
    const summary = await run(stream(line(), line(), bad), 'ndjson');
    expect(summary).toMatchObject({ exchanges: 2, conforming: 2 });
    expect(exitCodeOf(summary)).toBe(2);
    expect(summary.inputError?.message).toContain('in: line 3: request.headers must be an object of name → value');
  });

  it('a fault inside the validator is exit 2 at the exchange it happened on, with the exchanges before it', async () => {
    const throwing = Object.create(validator) as ExchangeValidator;
    let calls = 0;
    throwing.validate = (exchange, source, index) => {
      if (++calls === 3) throw new RangeError('Maximum call stack size exceeded');
      return validator.validate(exchange, source, index);
    };
    const summary = await validateRecording(stream(line(), line(), line(), line()), {
      validator: throwing,
      name: 'in',
      format: 'ndjson',
    });
    expect(summary).toMatchObject({ exchanges: 2, conforming: 2, inputError: { where: 'line 3' } });
    expect(summary.inputError?.message).toBe('in: line 3: could not be validated (Maximum call stack size exceeded)');
    expect(exitCodeOf(summary)).toBe(2);
  });
});

describe('small faults', () => {
  it('a body text opening with a byte-order mark is read the same from NDJSON and HAR', async () => {
    const text = `\uFEFF${JSON.stringify({ data: [2] })}`;
    const ndjson = await run(stream(line({ ...good, response: { ...good.response, body: text } })), 'ndjson');
    const entry = harEntry();
    entry.response.content.text = text;
    const har = await run(stream(harOf({ version: '1.2', entries: [entry] })), 'har');
    expect([ndjson.conforming, ndjson.violating]).toEqual([har.conforming, har.violating]);
    expect(ndjson.conforming).toBe(1);
  });

  it('values under secret-looking names (privateKey, sessionKey, credentials, pw) are never printed', () => {
    const body = {
      data: [2],
      privateKey: 'PK-SECRET',
      sessionKey: 'SK-SECRET',
      pw: 'PW-SECRET',
      credentials: { user: 'CRED-SECRET' },
    };
    const violations = validator.validate({ ...good, response: { ...good.response, body } }).violations;
    expect(violations.map((v) => v.pointer).sort()).toEqual([
      '/response/body/credentials/user',
      '/response/body/privateKey',
      '/response/body/pw',
      '/response/body/sessionKey',
    ]);
    for (const v of violations) expect(v.found).toBe('(redacted)');
  });
});

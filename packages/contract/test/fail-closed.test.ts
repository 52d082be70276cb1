import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, exitCodeOf, type OpenApiDocument, validateRecording } from '../src/index.js';
import { formatJson } from '../src/reports/json.js';
import { formatJunit } from '../src/reports/junit.js';
import { formatExchangeText, formatSummaryText } from '../src/reports/text.js';

/** A one-operation spec: GET /items answers 200 with {data: [integer ≥ 2]}. */
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'fail-closed', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        operationId: 'list-items',
        responses: {
          '200': {
            description: 'items',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data'],
                  properties: {
                    data: { type: 'array', items: { type: 'integer', minimum: 2 } },
                    privateKey: { type: 'integer' },
                    sessionKey: { type: 'integer' },
                    pw: { type: 'integer' },
                    credentials: { type: 'object', properties: { user: { type: 'integer' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
const validator = new ExchangeValidator(doc);

const json = { 'content-type': 'application/json' };
const good: Exchange = { request: { method: 'GET', url: '/items', headers: {} }, response: { status: 200, headers: json, body: { data: [2, 3] } } };
const line = (e: Exchange = good) => `${JSON.stringify(e)}\n`;
const stream = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
const run = (input: NodeJS.ReadableStream, format?: 'ndjson' | 'har', extra: { maxLineBytes?: number } = {}) =>
  validateRecording(input, { validator, name: 'in', ...(format ? { format } : {}), ...extra });
const harOf = (log: unknown) => JSON.stringify({ log });
const harEntry = (e: Exchange = good) => ({
  request: { method: e.request.method, url: e.request.url, headers: [] },
  response: { status: e.response.status, headers: [{ name: 'content-type', value: 'application/json' }], content: { text: JSON.stringify(e.response.body) } },
});

describe('zero exchanges are never green', () => {
  it.each([
    ['whitespace-only NDJSON', () => stream('  \n\n\t\n'), 'ndjson'],
    ['HAR without entries', () => stream(harOf({ version: '1.2' })), 'har'],
    ['HAR with entries: {}', () => stream(harOf({ version: '1.2', entries: {} })), 'har'],
    ['HAR with entries: []', () => stream(harOf({ version: '1.2', entries: [] })), 'har'],
  ] as const)('%s exits 2 saying no exchange was found', async (_name, input, format) => {
    const summary = await run(input(), format);
    expect(summary.exchanges).toBe(0);
    expect(exitCodeOf(summary)).toBe(2);
    expect(summary.inputError?.message).toContain('in: no exchanges found');
  });

  it('a HAR entry without content is an input error naming the entry, not a contract violation', async () => {
    const entry = harEntry();
    const { content: _dropped, ...response } = entry.response;
    const summary = await run(stream(harOf({ version: '1.2', entries: [harEntry(), { ...entry, response }] })), 'har');
    expect(summary).toMatchObject({ exchanges: 1, conforming: 1, violating: 0 });
    expect(exitCodeOf(summary)).toBe(2);
    expect(summary.inputError?.message).toContain('entry 1 (log.entries[1]): response.content is missing');
  });
});

describe('faults keep the report and name the place', () => {
  it('a header value nested 100,000 deep is an input error at its line, after the exchanges before it', async () => {
    const nested = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const bad = line(good).replace('"headers":{}', `"headers":{"x-deep":${nested}}`);
    const summary = await run(stream(line(), line(), bad), 'ndjson');
    expect(summary).toMatchObject({ exchanges: 2, conforming: 2 });
    expect(exitCodeOf(summary)).toBe(2);
    expect(summary.inputError?.message).toContain('in: line 3: request.headers must map each name to a string');
  });

  it('a line longer than the limit, with no newline, stops with a clear error after the exchanges before it', async () => {
    const huge = Buffer.alloc(3 * 1024 * 1024, 'x'.charCodeAt(0));
    const summary = await run(stream(line(), line(), line(), line(), huge, huge), 'ndjson', { maxLineBytes: 2 * 1024 * 1024 });
    expect(summary.exchanges).toBe(4);
    expect(exitCodeOf(summary)).toBe(2);
    expect(summary.inputError?.message).toContain('in: line 5: the line is longer than 2 MiB with no newline');
    // Every format carries the four exchanges and the fault.
    expect(JSON.parse(formatJson(summary))).toMatchObject({ exchanges: 4, conforming: 4, inputError: { where: 'line 5' } });
    expect(formatJunit(summary)).toContain('name="4 conforming exchanges"');
    expect(formatJunit(summary)).toContain('errors="1"');
    expect(formatSummaryText(summary)).toContain('4 exchanges from in');
  });

  it('a fault inside the validator is exit 2 at the exchange it happened on, with the exchanges before it', async () => {
    const throwing = Object.create(validator) as ExchangeValidator;
    let calls = 0;
    throwing.validate = (exchange, source, index) => {
      if (++calls === 3) throw new RangeError('Maximum call stack size exceeded');
      return validator.validate(exchange, source, index);
    };
    const summary = await validateRecording(stream(line(), line(), line(), line()), { validator: throwing, name: 'in', format: 'ndjson' });
    expect(summary).toMatchObject({ exchanges: 2, conforming: 2, inputError: { where: 'line 3' } });
    expect(summary.inputError?.message).toBe('in: line 3: could not be validated (Maximum call stack size exceeded)');
    expect(exitCodeOf(summary)).toBe(2);
  });

  it.each([
    ['security that is not an array', { security: 'apikey' }, '#/security must be an array of security requirements'],
    ['an operation that is a string', { paths: { '/a': { get: 'x' } } }, '#/paths/~1a/get must be an operation object'],
    ['paths that are a list', { paths: [] }, '#/paths must be an object'],
    ['no info.version', { info: {} }, '#/info must be an object with a version'],
  ])('a --spec with %s is refused up front, naming the place', (_name, change, message) => {
    expect(() => new ExchangeValidator({ ...doc, ...change } as OpenApiDocument)).toThrow(message);
  });
});

describe('linear time whatever the violations', () => {
  it('{"data": [1, 1, …]} with 10^6 items finishes, keeping 100 violations and counting the rest', async () => {
    const items = 1_000_000;
    const body = `{"data":[${'1,'.repeat(items - 1)}1]}`;
    const raw = `{"request":{"method":"GET","url":"/items","headers":{}},"response":{"status":200,"headers":{"content-type":"application/json"},"body":${JSON.stringify(body)}}}\n`;
    const summary = await run(stream(raw, line()), 'ndjson');
    expect(exitCodeOf(summary)).toBe(1);
    expect(summary).toMatchObject({ exchanges: 2, conforming: 1, violating: 1, violations: items });
    expect(summary.reports[0]!.violations).toHaveLength(100);
    expect(summary.reports[0]!.violationsOmitted).toBe(items - 100);
    expect(formatExchangeText(summary.reports[0]!)).toContain(`… and ${items - 100} more violations in this exchange (not listed)`);
  }, 60_000);
});

describe('small faults', () => {
  const check = (response: Partial<Exchange['response']>) =>
    validator.validate({ ...good, response: { ...good.response, ...response } }).violations.map((v) => `${v.pointer}: ${v.expected} / ${v.found}`);

  it('"body": null is a null body checked against the schema, not "no body"', () => {
    expect(check({ body: null })).toEqual(['/response/body: type object / null']);
  });

  it('the same Content-Type recorded twice is not a mismatch; two different ones are', () => {
    expect(check({ headers: { 'content-type': 'application/json, application/json' } })).toEqual([]);
    expect(check({ headers: { 'content-type': 'application/json, text/html' } })).toHaveLength(1);
  });

  it('a body text opening with a byte-order mark is read the same from NDJSON and HAR', async () => {
    const text = `\uFEFF${JSON.stringify({ data: [2] })}`;
    const ndjson = await run(stream(line({ ...good, response: { ...good.response, body: text } })), 'ndjson');
    const entry = harEntry();
    entry.response.content.text = text;
    const har = await run(stream(harOf({ version: '1.2', entries: [entry] })), 'har');
    expect([ndjson.conforming, ndjson.violating]).toEqual([har.conforming, har.violating]);
    expect(ndjson.conforming).toBe(1);
  });

  it('UTF-16 input is named as UTF-16, with the fix', async () => {
    const le = await run(stream(Buffer.from(line(), 'utf16le')), 'ndjson');
    expect(le.inputError?.message).toContain('in: byte 0: the input is UTF-16LE text: convert it to UTF-8 first');
    const bom = await run(stream(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(line(), 'utf16le')])));
    expect(bom.inputError?.message).toContain('UTF-16LE');
  });

  it('values under secret-looking names (privateKey, sessionKey, credentials, pw) are never printed', () => {
    const body = { data: [2], privateKey: 'PK-SECRET', sessionKey: 'SK-SECRET', pw: 'PW-SECRET', credentials: { user: 'CRED-SECRET' } };
    const violations = validator.validate({ ...good, response: { ...good.response, body } }).violations;
    expect(violations.map((v) => v.pointer).sort()).toEqual(['/response/body/credentials/user', '/response/body/privateKey', '/response/body/pw', '/response/body/sessionKey']);
    for (const v of violations) expect(v.found).toBe('(redacted)');
  });

  it('JUnit XML stays well-formed when a URL holds control characters', async () => {
    const summary = await run(stream(line({ ...good, request: { ...good.request, url: '/nowhere\u0001\u001b[31m' } })), 'ndjson');
    const xml = formatJunit(summary);
    // XML 1.0 forbids these characters even as character references.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).toContain('/nowhere\\u0001\\u001b[31m');
  });
});

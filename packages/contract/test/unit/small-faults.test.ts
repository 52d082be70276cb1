// The small ways a report could mislead: invalid XML, a secret printed, a JSON null taken for no
// body, a repeated header taken for a mismatch, UTF-16 taken for binary data.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isSecretName, preview } from '../../src/check/violations.js';
import { ExchangeValidator, exitCodeOf, formatJunit, validateRecording } from '../../src/index.js';

const validator = new ExchangeValidator();
const getCall = (response: object, url = 'https://app.call-us.example.test/v3/calls/s1') => ({
  request: { method: 'GET', url, headers: { apikey: 'k' } },
  response: { status: 200, headers: { 'content-type': 'application/json' }, ...response },
});
const ndjson = (...exchanges: object[]) => Readable.from([exchanges.map((e) => JSON.stringify(e)).join('\n')]);

describe('small faults', () => {
  it('JUnit stays well-formed XML when a URL holds control characters', async () => {
    const summary = await validateRecording(
      ndjson(getCall({ body: { data: {} } }, 'https://app.call-us.example.test/v3/calls/a\u0001b\u001f')),
      {
        format: 'ndjson',
      },
    );
    const xml = formatJunit(summary);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for those very characters.
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(xml).toContain('a\\u0001b\\u001f');
  });

  it.each(['privateKey', 'sessionKey', 'credentials', 'pw', 'apikey', 'x-api-key', 'clientSecret'])(
    'treats %s as a secret name',
    (name) => {
      expect(isSecretName(name)).toBe(true);
      expect(preview('DO-NOT-PRINT', name)).toBe('(redacted)');
    },
  );

  it('checks a JSON null body instead of taking it for no body', () => {
    const report = validator.validate(getCall({ body: null }));
    expect(report.violations).toEqual([expect.objectContaining({ pointer: '/response/body', found: 'null' })]);
  });

  it('accepts the same Content-Type sent twice', () => {
    const exchange = getCall({ body: { data: [] } });
    exchange.response.headers['content-type'] = 'application/json, application/json';
    expect(validator.validate(exchange).violations).toEqual([]);
  });

  it('names UTF-16 input as UTF-16, not binary data', async () => {
    const text = JSON.stringify(getCall({ body: { data: [] } }));
    const summary = await validateRecording(
      Readable.from([Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])]),
      {
        format: 'ndjson',
      },
    );
    expect(summary.inputError?.message).toContain('UTF-16');
    expect(exitCodeOf(summary)).toBe(2);
  });
});

describe('a response body without Content-Type', () => {
  const missing = {
    kind: 'response',
    pointer: '/response/headers/content-type',
    expected: 'application/json',
    found: 'absent',
  };
  const untyped = (body: unknown) => getCall({ headers: {}, body });
  const violationsOf = async (input: NodeJS.ReadableStream, format: 'ndjson' | 'har') => {
    const summary = await validateRecording(input, { validator, format });
    return { violations: summary.reports.map((r) => r.violations), exit: exitCodeOf(summary) };
  };

  it('is a violation in NDJSON, whether the body is text or parsed JSON', async () => {
    const found = await violationsOf(ndjson(untyped('{"data":[]}'), untyped({ data: [] })), 'ndjson');
    expect(found).toEqual({ violations: [[missing], [missing]], exit: 1 });
  });

  /** A HAR of one Get Call entry with no Content-Type header, its body's type in content.mimeType. */
  const harWithMimeType = (mimeType: string) => {
    const entry = {
      request: { method: 'GET', url: untyped('').request.url, headers: [{ name: 'apikey', value: 'k' }] },
      response: { status: 200, headers: [], content: { size: 11, mimeType, text: '{"data":[]}' } },
    };
    return Readable.from([JSON.stringify({ log: { entries: [entry] } })]);
  };

  it('is a violation in HAR', async () => {
    expect(await violationsOf(harWithMimeType(''), 'har')).toEqual({ violations: [[missing]], exit: 1 });
  });

  it('is no violation in HAR when the entry names the type in content.mimeType instead', async () => {
    expect(await violationsOf(harWithMimeType('application/json'), 'har')).toEqual({ violations: [], exit: 0 });
  });

  it('is no violation when the response has no body and documents none', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'no body', version: '1.0.0' },
      paths: { '/pings': { get: { responses: { '200': { description: 'pong, no body' } } } } },
    };
    const summary = await validateRecording(
      ndjson({ request: { method: 'GET', url: '/pings', headers: {} }, response: { status: 200, headers: {} } }),
      { validator: new ExchangeValidator(doc), format: 'ndjson' },
    );
    expect(summary).toMatchObject({ exchanges: 1, conforming: 1 });
  });
});

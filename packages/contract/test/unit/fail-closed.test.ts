// Fail closed: a recording that yields no exchange is not green (nothing was checked), and a spec
// the validator cannot read is refused before any exchange is read.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, loadSpec, validateRecording } from '../../src/index.js';
import { MAX_LINE_BYTES } from '../../src/read/read-exchanges.js';

const run = (text: string, format: 'ndjson' | 'har') => validateRecording(Readable.from([text]), { format });

const harWith = (log: object) => JSON.stringify({ log: { version: '1.2', ...log } });

describe('validate fails closed on input that holds no exchange', () => {
  it.each([
    ['whitespace-only NDJSON', '  \n\n\t\n', 'ndjson'],
    ['a HAR without entries', harWith({}), 'har'],
    ['a HAR with an empty entries array', harWith({ entries: [] }), 'har'],
    ['a HAR whose entries is an object', harWith({ entries: {} }), 'har'],
  ] as const)('%s exits 2 and says nothing was validated', async (_name, text, format) => {
    const summary = await run(text, format);
    expect(summary.exchanges).toBe(0);
    expect(summary.inputError?.message).toMatch(/nothing was validated|must be an array/);
    expect(exitCodeOf(summary)).toBe(2);
  });

  it('a HAR entries object with members is refused as not an array', async () => {
    const summary = await run(harWith({ entries: { first: { request: {}, response: {} } } }), 'har');
    expect(summary.inputError).toMatchObject({
      where: 'log.entries',
      message: expect.stringContaining('must be an array'),
    });
    expect(exitCodeOf(summary)).toBe(2);
  });

  it('a HAR entry without response.content is an input error, not a contract violation', async () => {
    const entry = {
      request: { method: 'GET', url: 'https://app.call-us.example/v3/calls/x', headers: [] },
      response: { status: 200, headers: [{ name: 'content-type', value: 'application/json' }] },
    };
    const summary = await run(harWith({ entries: [entry] }), 'har');
    expect(summary.violating).toBe(0);
    expect(summary.inputError?.message).toContain('response.content is missing');
    expect(exitCodeOf(summary)).toBe(2);
  });
});

describe('a --spec that is not a usable OpenAPI document is refused up front', () => {
  it.each([
    ['security that is not a list', { security: { apikey: [] } }, 'security must be a list'],
    [
      'an operation security that is not a list',
      { paths: { '/x': { get: { security: 'apikey', responses: {} } } } },
      'paths["/x"].get.security must be a list',
    ],
    [
      'responses that are not an object',
      { paths: { '/x': { get: { responses: [] } } } },
      'paths["/x"].get.responses must be an object',
    ],
    ['info without a version', { info: { title: 't' } }, 'info.version must be a string'],
  ])('%s', (_name, override, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-shape-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(
      file,
      JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, ...override }),
    );
    expect(() => loadSpec(file)).toThrow(`${file} is not a valid OpenAPI 3.x document: ${message}`);
  });
});

describe('an NDJSON line too long to be one exchange', () => {
  it('is an input error naming its line, with the exchanges before it kept', async () => {
    const good = JSON.stringify({
      request: { method: 'GET', url: 'https://app.call-us.example.test/v3/nowhere', headers: {} },
      response: { status: 200, headers: {} },
    });
    async function* input() {
      yield `${good}\n${good}\n{"request": "`;
      const filler = 'x'.repeat(1024 * 1024);
      for (let i = 0; i <= MAX_LINE_BYTES / filler.length; i++) yield filler;
    }
    const summary = await validateRecording(Readable.from(input()), { format: 'ndjson' });
    expect(summary.exchanges).toBe(2);
    expect(summary.inputError).toMatchObject({
      where: 'line 3',
      message: expect.stringContaining(`longer than ${MAX_LINE_BYTES} bytes`),
    });
    expect(exitCodeOf(summary)).toBe(2);
  });
});

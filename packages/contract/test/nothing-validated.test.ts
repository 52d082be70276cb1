// A recording that yields no exchange is not green: nothing was checked (exit 2, with a reason).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, validateRecording } from '../src/index.js';

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
    expect(summary.inputError).toMatchObject({ where: 'log.entries', message: expect.stringContaining('must be an array') });
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

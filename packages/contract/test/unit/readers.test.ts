// The readers cut the input into whole exchanges (NDJSON lines, HAR entries) before anything is
// parsed: wherever the chunks of the input end, the verdicts and the places named are the same.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, validateRecording } from '../../src/index.js';
import { MAX_LINE_BYTES } from '../../src/read/read-exchanges.js';
import { itemsSpec } from '../support/helpers.js';

/** GET /items answers 200 with {data: [integer]}. */
const doc = itemsSpec('readers', {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'array', items: { type: 'integer' } } },
});
const validator = new ExchangeValidator(doc);

/** A HAR entry whose strings hold what a bracket-counting cutter could trip on. */
const entry = (data: unknown, note = 'plain') => ({
  comment: note,
  request: { method: 'GET', url: '/items?q=%22%5D%7D', headers: [{ name: 'x-note', value: note }] },
  response: {
    status: 200,
    headers: [{ name: 'content-type', value: 'application/json' }],
    content: { mimeType: 'application/json', text: JSON.stringify({ data }) },
  },
});
const tricky = ['"]}', '\\', '\\"', '{[', 'é€😀', '\u2028', '\\\\"}]'];
const har = (entries: unknown[], extra: object = {}) =>
  JSON.stringify(
    { log: { version: '1.2', pages: [{ id: '"]}{[', title: '\\' }], entries, comment: 'after ]}', ...extra } },
    null,
    2,
  );

/** The text in chunks of `size` bytes (0: whole), so that chunk ends fall everywhere. */
function chunked(text: string | Buffer, size: number): Readable {
  const bytes = Buffer.from(text);
  if (size === 0) return Readable.from([bytes]);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

const read = (input: Readable, format: 'har' | 'ndjson') => validateRecording(input, { validator, format, name: 'in' });

/** 1-based line of the first occurrence of `needle` after `from`. */
const lineOf = (text: string, needle: string, from = 0) => text.slice(0, text.indexOf(needle, from)).split('\n').length;

describe('HAR: entries are cut whole wherever the chunks end', () => {
  it.each([0, 1, 2, 3, 7, 64])('chunks of %i bytes: the same verdicts, entry by entry', async (size) => {
    const entries = tricky.map((note, i) => entry(i === 3 ? { n: 1 } : [i], note));
    const summary = await read(chunked(`\uFEFF${har(entries)}`, size), 'har');
    expect(summary.inputError).toBeUndefined();
    expect([summary.exchanges, summary.conforming, summary.violating]).toEqual([tricky.length, tricky.length - 1, 1]);
    expect(summary.reports[0]).toMatchObject({ index: 4, source: { entry: 3 } });
  });

  it('a long HAR, ASCII and multi-byte entries mixed, is decoded entry for entry', async () => {
    // Entries of many lengths, one in five with multi-byte text: far more than one span of entries.
    const entries = Array.from({ length: 600 }, (_, i) =>
      entry(i % 7 === 0 ? { i } : [i], `${i % 5 === 0 ? 'é€😀' : 'x'}${'-'.repeat(i % 400)}`),
    );
    const summary = await read(chunked(har(entries), 0), 'har');
    expect(summary.inputError).toBeUndefined();
    expect(summary.exchanges).toBe(600);
    expect(summary.reports.map((r) => r.source.entry)).toEqual(entries.flatMap((_, i) => (i % 7 === 0 ? [i] : [])));
  });

  it('a missing comma between entries is named at its line, not taken for a truncated file', async () => {
    const [first, second] = [JSON.stringify(entry([1])), JSON.stringify(entry([2]))];
    const broken = `{"log": {"version": "1.2", "entries": [\n${first}\n${second}\n]}}`;
    const summary = await read(chunked(broken, 5), 'har');
    expect(summary.exchanges).toBe(1);
    expect(summary.inputError?.where).toBe('line 3, in entry 1 (log.entries[1])');
    expect(summary.inputError?.message).toContain(
      'not valid JSON (binary or corrupted data); entries read before it: 1',
    );
  });

  it('a syntax error inside an entry is named at its line, the entries before it checked', async () => {
    const text = har([entry([1]), entry([2]), entry([3])]);
    const parts = text.split('"method": "GET"');
    const broken = `${parts.slice(0, 3).join('"method": "GET"')}"method": GET${parts.slice(3).join('"method": "GET"')}`;
    for (const size of [0, 3]) {
      const summary = await read(chunked(broken, size), 'har');
      expect(summary).toMatchObject({ exchanges: 2, conforming: 2 });
      expect(summary.inputError?.where).toBe(`line ${lineOf(broken, '"method": GET')}, in entry 2 (log.entries[2])`);
    }
  });

  it('an invalid member outside the entries is named at its line', async () => {
    const text = har([entry([1])]).replace('"title": "\\\\"', '"title": nope');
    const summary = await read(chunked(text, 0), 'har');
    expect(summary.inputError?.where).toBe(`line ${lineOf(text, 'nope')}, in entry 0 (log.entries[0])`);
  });

  it.each([
    ['a string', '"none"'],
    ['a JSON scalar', 'null'],
    ['an object', '{}'],
  ])('log.entries that is %s is refused as not an array', async (found, value) => {
    const text = `{"log": {"version": "1.2", "entries": ${value}}}`;
    const summary = await read(chunked(text, 0), 'har');
    expect(summary.inputError).toEqual({
      where: 'log.entries',
      message: `in: log.entries: log.entries must be an array of HAR entries (found ${found})`,
    });
  });

  it('an entry longer than the line bound is refused naming it, the entries before it checked', async () => {
    async function* input() {
      yield `{"log": {"version": "1.2", "entries": [${JSON.stringify(entry([1]))}, {"comment": "`;
      const filler = 'x'.repeat(1024 * 1024);
      for (let i = 0; i <= MAX_LINE_BYTES / filler.length; i++) yield filler;
      yield '"}]}}';
    }
    const summary = await read(Readable.from(input()), 'har');
    expect(summary).toMatchObject({ exchanges: 1, conforming: 1 });
    expect(summary.inputError?.where).toBe('entry 1 (log.entries[1])');
    expect(summary.inputError?.message).toContain(`longer than ${MAX_LINE_BYTES} bytes`);
  });
});

describe('NDJSON: lines are cut whole wherever the chunks end', () => {
  const exchange = (data: unknown): Exchange => ({
    request: { method: 'GET', url: '/items', headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) },
  });
  const text = [
    JSON.stringify(exchange(['é€😀'])),
    '',
    `\uFEFF${JSON.stringify(exchange([1]))}`,
    JSON.stringify(exchange({ n: '\\"' })),
    JSON.stringify(exchange([2])),
  ].join('\r\n');

  it.each([0, 1, 2, 5, 64])(
    'chunks of %i bytes: CRLF, blank lines and byte-order marks, lines counted',
    async (size) => {
      const summary = await read(chunked(text, size), 'ndjson');
      expect(summary.inputError).toBeUndefined();
      expect([summary.exchanges, summary.conforming, summary.violating]).toEqual([4, 2, 2]);
      expect(summary.reports.map((r) => [r.index, r.source.line])).toEqual([
        [1, 1],
        [3, 4],
      ]);
    },
  );

  it('a fault is named at its line after the lines before it, whatever the chunks', async () => {
    for (const size of [0, 3]) {
      const summary = await read(chunked(`${text}\r\n{"request": \r\n`, size), 'ndjson');
      expect(summary.exchanges).toBe(4);
      expect(summary.inputError?.where).toBe('line 6');
    }
  });
});

describe('NDJSON: a long input is decoded in spans of lines, its lines still counted and read whole', () => {
  // Lines of every length up to a few kilobytes, multi-byte characters, byte-order marks, CRLF and
  // blank lines, over far more bytes than one span or one chunk: which lines violate is known here.
  const lines: string[] = [];
  const violatingLines: number[] = [];
  for (let i = 0; lines.length < 3000; i++) {
    if (i % 11 === 0) lines.push(i % 22 === 0 ? '' : '  \r');
    const note = 'é€😀x'.repeat(i % 300);
    const exchange = {
      request: { method: 'GET', url: '/items', headers: { 'x-note': note } },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: i % 7 === 0 ? { i } : [i] }),
      },
    };
    lines.push(`${i % 13 === 0 ? '\uFEFF' : ''}${JSON.stringify(exchange)}${i % 5 === 0 ? '\r' : ''}`);
    if (i % 7 === 0) violatingLines.push(lines.length);
  }
  const text = `${lines.join('\n')}\n{"request": {"method": "GET", "url": "/items"`;

  it.each([0, 4093, 65536])(
    'chunks of %i bytes: every violating line named, and the fault after them',
    async (size) => {
      const summary = await validateRecording(chunked(text, size), {
        validator,
        format: 'ndjson',
        name: 'in',
        maxReports: 10_000,
      });
      expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 1024 * 1024);
      expect(summary.reports.map((r) => r.source.line)).toEqual(violatingLines);
      expect(summary.exchanges).toBe(lines.filter((l) => l.trim() !== '').length);
      expect(summary.inputError?.where).toBe(`line ${lines.length + 1}`);
    },
  );
});

// `validate --jobs N` on an NDJSON file: the file is cut into byte ranges, each thread reads the
// lines starting in the ranges it claims, and the claims are shared through one SharedArrayBuffer.
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_RANGES_AHEAD, RangeClaims } from '../src/range-claims.js';
import { planRanges, readOwnedLines } from '../src/recording-ranges.js';

const dir = mkdtempSync(join(tmpdir(), 'contract-ranges-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Reads every range of `text` cut every `rangeBytes` bytes: what each range owns, in order. */
function owned(text: string, rangeBytes: number, maxLineBytes?: number) {
  const file = join(dir, 'lines.ndjson');
  writeFileSync(file, text);
  const plan = planRanges(file, Buffer.byteLength(text), rangeBytes, maxLineBytes);
  const fd = openSync(file, 'r');
  try {
    return Array.from({ length: plan.count }, (_, i) => readOwnedLines(fd, plan, i));
  } finally {
    closeSync(fd);
  }
}

const lines = [
  '{"a":1}',
  '',
  'é€😀 two-byte and four-byte characters',
  '\r',
  `{"long":"${'x'.repeat(70)}"}\r`,
  '',
  '{}',
];

describe('byte ranges of an NDJSON file', () => {
  it.each([
    ['ending in LF', `${lines.join('\n')}\n`],
    ['without a final LF', lines.join('\n')],
    ['with a byte-order mark and blank lines first', `\ufeff\n\n${lines.join('\n')}\n`],
  ])('%s: the ranges own every line once, in order, wherever they are cut', (_name, text) => {
    const total = Buffer.from(text);
    for (let rangeBytes = 1; rangeBytes <= total.length + 1; rangeBytes++) {
      const ranges = owned(text, rangeBytes);
      expect(Buffer.concat(ranges.map((r) => r.bytes)).equals(total), `ranges of ${rangeBytes} bytes`).toBe(true);
      for (const range of ranges) {
        // Each range holds whole lines: it ends at an LF or at the file's end, and counts its LFs.
        expect(range.newlines).toBe(range.bytes.filter((byte) => byte === 0x0a).length);
        if (range.bytes.length > 0 && range !== ranges.findLast((r) => r.bytes.length > 0))
          expect(range.bytes.at(-1)).toBe(0x0a);
        expect(range.tooLong).toBe(false);
      }
    }
  });

  it('a line longer than what a range reads past its end is followed to its LF, or refused over the bound', () => {
    const long = 'y'.repeat(200_000);
    for (const text of [`{"a":1}\n${long}\n{"b":2}\n`, `{"a":1}\n${long}`]) {
      for (const rangeBytes of [5, 1000, 65_536, 150_000, 199_999]) {
        const ranges = owned(text, rangeBytes);
        expect(Buffer.concat(ranges.map((r) => r.bytes)).toString(), `ranges of ${rangeBytes} bytes`).toBe(text);
        const refused = owned(text, rangeBytes, 199_999);
        const until = refused.findIndex((r) => r.tooLong);
        expect(Buffer.concat(refused.slice(0, until + 1).map((r) => r.bytes)).toString()).toBe('{"a":1}\n');
        expect(owned(text, rangeBytes, 200_000).some((r) => r.tooLong)).toBe(false);
      }
    }
  });

  it('a line longer than the bound ends the input at that line, the lines before it whole', () => {
    const text = `{"a":1}\n{"b":2}\n${'y'.repeat(60)}\n{"c":3}\n`;
    for (let rangeBytes = 1; rangeBytes <= 20; rangeBytes++) {
      const ranges = owned(text, rangeBytes, 50);
      const until = ranges.findIndex((r) => r.tooLong);
      expect(until, `ranges of ${rangeBytes} bytes`).toBeGreaterThanOrEqual(0);
      const before = Buffer.concat(ranges.slice(0, until + 1).map((r) => r.bytes));
      expect(before.toString()).toBe('{"a":1}\n{"b":2}\n');
    }
    // A last line without LF is bounded too; a line of exactly the bound is not too long.
    expect(owned(`{}\n${'z'.repeat(51)}`, 4, 50).some((r) => r.tooLong)).toBe(true);
    expect(owned(`{}\n${'z'.repeat(50)}\n`, 4, 50).some((r) => r.tooLong)).toBe(false);
    expect(owned(`{}\n${'z'.repeat(50)}`, 4, 50).some((r) => r.tooLong)).toBe(false);
  });
});

describe('range claims', () => {
  it('hands out each range once, in order, and none past the end', () => {
    const claims = RangeClaims.create(3, 10, 1);
    expect([claims.tryClaim(), claims.tryClaim(), claims.tryClaim(), claims.tryClaim()]).toEqual([0, 1, 2, -1]);
    expect(claims.claim()).toBe(-1);
  });

  it(`keeps claims at most ${MAX_RANGES_AHEAD} ranges ahead of the merged ones, so waiting outcomes stay few`, () => {
    const claims = RangeClaims.create(1000, 10, 1);
    for (let i = 0; i < MAX_RANGES_AHEAD; i++) expect(claims.tryClaim()).toBe(i);
    expect(claims.tryClaim()).toBe('ahead');
    claims.merged(1, 0, 10);
    expect(claims.tryClaim()).toBe(MAX_RANGES_AHEAD);
    expect(claims.tryClaim()).toBe('ahead');
  });

  it('after a fault in a range, the ranges after it are not handed out', () => {
    const claims = RangeClaims.create(100, 10, 1);
    for (let i = 0; i < 5; i++) claims.tryClaim();
    claims.stopAfter(7);
    claims.stopAfter(3);
    claims.stopAfter(9); // a later fault does not move the end back
    expect(claims.end).toBe(4);
    expect(claims.tryClaim()).toBe(-1);
  });

  it('asks for no more reports than --max-reports still needs', () => {
    const claims = RangeClaims.create(10, 100, 1);
    expect(claims.wanted).toBe(100);
    claims.merged(2, 30, 100);
    expect(claims.wanted).toBe(70);
    claims.merged(3, 130, 100);
    expect(claims.wanted).toBe(0);
    expect(RangeClaims.create(1, Number.MAX_SAFE_INTEGER, 1).wanted).toBe(2 ** 31 - 1);
  });
});

// `validate --jobs N`: on an NDJSON file every thread reads and checks byte ranges of its own; on other
// inputs the main thread cuts batches for the workers. The outcomes are taken in input order, so the
// report is that of `--jobs 1`.
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, HarWriter, validateRecording } from '../src/index.js';
import { MAX_LINE_BYTES } from '../src/read-exchanges.js';
import { packageDir, traffic, validateInProcess } from './helpers.js';

const EXCHANGES = 4000;
const dir = mkdtempSync(join(tmpdir(), 'contract-jobs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixtureLines = (file: string) =>
  readFileSync(join(packageDir, traffic(file)), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
const conforming = fixtureLines('conforming.ndjson');
const broken = [
  'wrong-type',
  'missing-required',
  'unknown-status',
  'data-object',
  'missing-apikey',
  'unknown-path',
].flatMap((name) => fixtureLines(`${name}.ndjson`));
/** One line in seven from the broken fixtures (14 %), of several kinds and operations; the rest conform. */
const lines = Array.from({ length: EXCHANGES }, (_, i) =>
  i % 7 === 3 ? broken[((i / 7) % broken.length) | 0]! : conforming[i % conforming.length]!,
);
const ndjson = join(dir, 'traffic.ndjson');
writeFileSync(ndjson, `${lines.join('\n')}\n`);

async function writeHar(file: string, exchanges: Exchange[]): Promise<string> {
  const path = join(dir, file);
  const writer = new HarWriter(path);
  for (const exchange of exchanges) writer.add(exchange, new Date(0), 1);
  await writer.close();
  return path;
}
const har = await writeHar(
  'traffic.har',
  lines.map((line) => JSON.parse(line) as Exchange),
);

async function bothWays(args: string[]) {
  const [one, two] = [
    await validateInProcess(['validate', ...args, '--jobs', '1']),
    await validateInProcess(['validate', ...args, '--jobs', '2']),
  ];
  return { one, two };
}

describe('validate --jobs 2 gives the report of --jobs 1', () => {
  it.each([
    ['json', '--coverage'],
    ['text', '--coverage'],
    ['junit', '--max-reports=50'],
    ['sarif', '--max-reports=1000'],
  ])('NDJSON, --format %s %s', async (format, extra) => {
    const { one, two } = await bothWays([ndjson, '--format', format, extra]);
    expect(one.code).toBe(1);
    expect(two).toEqual(one);
    if (format === 'json') {
      const report = JSON.parse(one.stdout);
      expect(report).toMatchObject({ exchanges: EXCHANGES, violating: Math.ceil((EXCHANGES - 3) / 7) });
      expect(report.coverage.operations.exercised).toBe(4);
    }
  });

  it.each(['json', 'text'])('HAR, --format %s', async (format) => {
    const { one, two } = await bothWays([har, '--format', format]);
    expect(one.code).toBe(1);
    expect(two).toEqual(one);
  });

  it.each([
    ['NDJSON file: each thread reads byte ranges of its own', () => ndjson, EXCHANGES / 2],
    // This thread also checks the batches still on the worker at the end rather than wait for them.
    ['HAR: the batches this thread cuts', () => har, EXCHANGES],
  ])('%s; the worker checks ranges or batches when this thread is slow', async (_how, file, atMost) => {
    // This thread's validator stalls 3 s at its first exchange; the worker, with a validator of its
    // own, checks others meanwhile. The summary is still that of --jobs 1.
    const slow = stalledValidator(3000);
    const parallel = await validateRecording(file(), { validator: slow, jobs: 2 });
    const inline = await validateRecording(file(), { validator: new ExchangeValidator(), jobs: 1 });
    expect(parallel).toEqual(inline);
    expect(inline.exchanges).toBe(EXCHANGES);
    expect(slow.calls).toBeGreaterThan(0);
    expect(slow.calls).toBeLessThan(atMost);
  });
});

/** A validator that stalls `ms` at its first exchange, counting them: it shows which thread checked what. */
function stalledValidator(ms: number): ExchangeValidator & { calls: number } {
  const real = new ExchangeValidator();
  const slow = Object.create(real) as ExchangeValidator & { calls: number };
  slow.calls = 0;
  slow.validate = (...args) => {
    if (slow.calls++ === 0) for (const until = performance.now() + ms; performance.now() < until; );
    return real.validate(...args);
  };
  return slow;
}

describe('validate --jobs 2: faults exit 2 naming the place, as with --jobs 1', () => {
  it('an unreadable NDJSON line deep in the input, with the exchanges before it reported', async () => {
    const file = join(dir, 'broken-line.ndjson');
    writeFileSync(file, `${lines.map((line, i) => (i === 2499 ? '{"request": ' : line)).join('\n')}\n`);
    const { one, two } = await bothWays([file, '--format', 'json']);
    expect(two).toEqual(one);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(`${file}: line 2500: the line ends before its JSON value does (truncated)`);
    expect(JSON.parse(two.stdout)).toMatchObject({ exchanges: 2499 });
  });

  it('a fault found by the worker in a range of its own is named at its line in the file', async () => {
    const file = join(dir, 'broken-late.ndjson');
    writeFileSync(
      file,
      `${lines.map((line, i) => (i === 3499 ? '{"request": {}, "response": {}}' : line)).join('\n')}\n`,
    );
    const slow = stalledValidator(3000);
    const parallel = await validateRecording(file, { validator: slow, jobs: 2 });
    const inline = await validateRecording(file, { jobs: 1 });
    expect(parallel).toEqual(inline);
    expect(inline.inputError?.message).toContain(`${file}: line 3500: request.method is missing`);
    expect(inline.exchanges).toBe(3499);
    // The worker checked ranges before the fault, which this thread renumbered.
    expect(slow.calls).toBeLessThan(3499);
  });

  it('a line longer than 64 MiB in a file, after the ranges before it', async () => {
    const file = join(dir, 'long-line.ndjson');
    const out = createWriteStream(file);
    out.write(`${lines.slice(0, 1500).join('\n')}\n{"request": "`);
    const filler = 'x'.repeat(1024 * 1024);
    for (let i = 0; i <= MAX_LINE_BYTES / filler.length; i++) out.write(filler);
    out.end(`"}\n${lines[0]}\n`);
    await once(out, 'finish');
    const { one, two } = await bothWays([file, '--format', 'json']);
    expect(two).toEqual(one);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(`${file}: line 1501: the line is longer than ${MAX_LINE_BYTES} bytes`);
    expect(JSON.parse(two.stdout)).toMatchObject({ exchanges: 1500 });
    rmSync(file);
  });

  it('a corrupted HAR entry, and a HAR cut short', async () => {
    const text = readFileSync(har, 'utf8');
    // HarWriter writes one entry a line, after the opening line: entry 1700 is line 1702.
    const harLines = text.split('\n');
    harLines[1701] = harLines[1701]!.replace('"method":"GET"', '"method":GET');
    const corrupted = join(dir, 'corrupted.har');
    writeFileSync(corrupted, harLines.join('\n'));
    const bad = await bothWays([corrupted, '--format', 'json']);
    expect(bad.two).toEqual(bad.one);
    expect(bad.two.code).toBe(2);
    expect(bad.two.stderr).toMatch(/line 1702, in entry 1700 \(log\.entries\[1700\]\): not valid JSON/);
    expect(JSON.parse(bad.two.stdout)).toMatchObject({ exchanges: 1700 });

    const cut = join(dir, 'cut.har');
    writeFileSync(cut, `${text.split('\n').slice(0, 3001).join('\n')}\n${text.split('\n')[3001]!.slice(0, 100)}`);
    const short = await bothWays([cut, '--format', 'json']);
    expect(short.two).toEqual(short.one);
    expect(short.two.stderr).toContain('end of input, in entry 3000 (log.entries[3000]): the file ends in the middle');
    expect(JSON.parse(short.two.stdout)).toMatchObject({ exchanges: 3000 });
  });
});

describe('bad --jobs values are refused', () => {
  it.each(['0', '-1', 'abc', '', '1.5', '65'])('--jobs=%s', async (value) => {
    const { code, stderr } = await validateInProcess(['validate', traffic('conforming.ndjson'), `--jobs=${value}`]);
    expect(code).toBe(2);
    expect(stderr).toContain(`--jobs must be a whole number from 1 to 64 (got "${value}")`);
  });

  it('--jobs -1, as two arguments', async () => {
    const { code, stderr } = await validateInProcess(['validate', traffic('conforming.ndjson'), '--jobs', '-1']);
    expect(code).toBe(2);
    expect(stderr).toContain("'--jobs'");
  });
});

describe('validate --jobs 2 on a large NDJSON file', () => {
  it('this thread holds neither the file nor its exchanges', async () => {
    // 80,000 lines of about 1.5 kB (120 MB), one in seven violating.
    const file = join(dir, 'large.ndjson');
    const out = createWriteStream(file);
    for (let i = 0; i < 20; i++) if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error('run with --expose-gc: the memory test needs global.gc');
    const held = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const before = held();
    let peak = before;
    const summary = await validateRecording(file, {
      jobs: 2,
      maxReports: 100,
      onProgress: () => {
        peak = Math.max(peak, held());
      },
    });
    rmSync(file);
    expect(summary).toMatchObject({ exchanges: 20 * EXCHANGES, violating: 20 * Math.ceil((EXCHANGES - 3) / 7) });
    // Held after collection, buffers included: the file would be 120 MB, its exchanges more.
    expect((peak - before) / 1024 / 1024).toBeLessThan(40);
  });
});

// `validate --jobs N`: the reader cuts the input on the main thread, worker threads parse and check
// the batches, and the outcomes are taken in input order, so the report is that of `--jobs 1`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Exchange, ExchangeValidator, HarWriter, validateRecording } from '../src/index.js';
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

  it('the first batches are checked on a worker thread, not by the main thread', async () => {
    // A validator that fails on every exchange: --jobs 1 stops at the first; with --jobs 2 the
    // first batches go to the worker, which checks them with its own validator.
    const failing = Object.create(new ExchangeValidator()) as ExchangeValidator;
    failing.validate = () => {
      throw new Error('checked on the main thread');
    };
    const inline = await validateRecording(ndjson, { validator: failing, jobs: 1 });
    expect(inline).toMatchObject({ exchanges: 0, inputError: { where: 'line 1' } });
    const parallel = await validateRecording(ndjson, { validator: failing, jobs: 2 });
    // The worker checked at least the first batch; a batch checked here later, if any, fails.
    expect(parallel.exchanges).toBeGreaterThan(0);
    expect(parallel.inputError?.where).not.toBe('line 1');
  });
});

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

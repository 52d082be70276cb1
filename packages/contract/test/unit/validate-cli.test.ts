import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { expectNoSecrets, packageDir, runInProcess, traffic, validateInProcess } from '../support/helpers.js';

describe('validate: recorded traffic that honours the spec', () => {
  it.each(['conforming.ndjson', 'conforming.har'])(
    '%s exits 0 with every exchange matched to its operation',
    async (file) => {
      const { code, stdout, stderr } = await validateInProcess(['validate', traffic(file)]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('6 conform, 0 with violations');
      // Calls host, chat host (with /v3) and the management address (no base path) all match.
      for (const op of [
        'get-call: 3 checked',
        'list-users: 1 checked',
        'send-message: 1 checked',
        'list-apps: 1 checked',
      ]) {
        expect(stdout).toContain(op);
      }
    },
  );
});

describe('validate: deliberately broken exchanges, each with its exact report', () => {
  it.each([
    ['wrong-type.ndjson', '/response/body/data/0/totalParticipants'],
    ['missing-required.ndjson', '/response/body/data/0/sessionId'],
    ['unknown-status.ndjson', '/response/status'],
    ['data-object.ndjson', '/response/body/data'],
    ['missing-apikey.ndjson', '/request/headers/apikey'],
    ['unknown-path.ndjson', '/request/url'],
    ['broken.har', '/response/body/data'],
  ])('%s exits 1 and reports %s', async (file, pointer) => {
    const { code, stdout, stderr } = await validateInProcess(['validate', traffic(file)]);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toContain(pointer);
    expectNoSecrets(stdout, stderr);
    await expect(stdout).toMatchFileSnapshot(`../expected/${file}.txt`);
  });

  it('--format json lists operation, pointer, expected and found per exchange', async () => {
    const { code, stdout } = await validateInProcess(['validate', traffic('unknown-path.ndjson'), '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({ exchanges: 3, conforming: 0, violating: 3, violations: 3 });
    expect(report.reports.map((r: { violations: { kind: string }[] }) => r.violations[0]!.kind)).toEqual([
      'unknown-path',
      'unknown-path',
      'method-not-allowed',
    ]);
    await expect(stdout).toMatchFileSnapshot('../expected/unknown-path.json');
  });

  it('--format junit gives one failing test case per violating exchange', async () => {
    const { code, stdout } = await validateInProcess(['validate', traffic('broken.har'), '--format', 'junit']);
    expect(code).toBe(1);
    expect(stdout).toContain('<testsuite name="get-call" tests="3" failures="2" errors="0">');
    expect(stdout.match(/<failure /g)).toHaveLength(2);
    expectNoSecrets(stdout);
    await expect(stdout).toMatchFileSnapshot('../expected/broken.har.junit.xml');
  });

  it('--max-reports caps the listed exchanges while counts stay exact and the build stays red', async () => {
    const text = await validateInProcess(['validate', traffic('unknown-path.ndjson'), '--max-reports', '1']);
    expect(text.code).toBe(1);
    expect(text.stdout.match(/^✗ /gm)).toHaveLength(1);
    expect(text.stdout).toContain('(2 violating exchanges not listed: raise --max-reports to see them)');
    const junit = await validateInProcess([
      'validate',
      traffic('unknown-path.ndjson'),
      '--format',
      'junit',
      '--max-reports',
      '1',
    ]);
    expect(junit.stdout).toContain(
      '<testsuites name="contract: test/fixtures/traffic/unknown-path.ndjson" tests="2" failures="2" errors="0">',
    );
    expect(junit.stdout).toContain('2 more violating exchanges not listed');
  });

  it('never prints credentials, even in JSON reports of the conforming exchanges', async () => {
    const json = await validateInProcess(['validate', traffic('conforming.har'), '--format', 'json']);
    expect(json.code).toBe(0);
    expectNoSecrets(json.stdout, json.stderr);
  });
});

describe('validate: input that cannot be read exits 2, after reporting what came before the fault', () => {
  it.each([
    ['malformed.ndjson', 'line 2: not valid JSON', 1],
    ['truncated.ndjson', 'line 3: the line ends before its JSON value does (truncated)', 2],
    ['not-an-exchange.ndjson', 'line 2: request is missing', 1],
    [
      'truncated.har',
      'end of input, in entry 1 (log.entries[1]): the file ends in the middle of a JSON value (truncated)',
      1,
    ],
    ['not-har.json', 'not a HAR 1.2 file: no log.entries array', 0],
  ])('%s: names file, place and problem', async (file, message, readBefore) => {
    const { code, stdout, stderr } = await validateInProcess(['validate', traffic(file)]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${traffic(file)}: ${message}`);
    expect(stdout).toContain(`${readBefore} exchange${readBefore === 1 ? '' : 's'} from ${traffic(file)}`);
    expect(stdout).toContain(`${readBefore} conform`);
  });

  it('binary input: a NUL byte is reported with its line, the exchanges before it are checked', async () => {
    const good = readFileSync(join(packageDir, traffic('conforming.ndjson')), 'utf8').split('\n')[0]!;
    const binary = Buffer.concat([
      Buffer.from(`${good}\n`),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff, 0xfe, 0x0a]),
    ]);
    const { code, stdout, stderr } = await validateInProcess(['validate', '-', '--input', 'ndjson'], { input: binary });
    expect(code).toBe(2);
    expect(stderr).toContain('stdin: line 2: binary data (a NUL byte), not text');
    expect(stdout).toContain('1 exchange from stdin');
  });

  it('binary HAR: the NUL byte is located by line and entry', async () => {
    const har = readFileSync(join(packageDir, traffic('conforming.har')), 'utf8');
    const cut = har.indexOf('"startedDateTime"', har.indexOf('"startedDateTime"') + 1);
    const { code, stderr, stdout } = await validateInProcess(['validate', '-', '--input', 'har'], {
      input: Buffer.concat([Buffer.from(har.slice(0, cut)), Buffer.from([0, 1, 2, 0xff])]),
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/stdin: line \d+, in entry 1 \(log\.entries\[1\]\): binary data \(a NUL byte\)/);
    expect(stdout).toContain('1 exchange from stdin');
  });

  it('gzip-compressed input is recognised and the fix named', async () => {
    const gz = gzipSync(readFileSync(join(packageDir, traffic('conforming.ndjson'))));
    const { code, stderr } = await validateInProcess(['validate', '-'], { input: gz });
    expect(code).toBe(2);
    expect(stderr).toContain('stdin: byte 0: the input is gzip-compressed: decompress it first');
  });

  it('a missing file and an empty input are exit 2 with a message', async () => {
    const missing = await validateInProcess(['validate', 'no/such/file.ndjson']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no/such/file.ndjson: cannot read the input (no such file)');
    const empty = await validateInProcess(['validate', '-'], { input: '' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('stdin: the input is empty');
  });

  it('bad options are exit 2 with the usage', async () => {
    const { code, stderr } = await runInProcess(['validate', traffic('conforming.ndjson'), '--format', 'xml']);
    expect(code).toBe(2);
    expect(stderr).toContain('--format must be one of text, json, junit, sarif (got "xml")');
    expect(stderr).toContain('Usage: chatplatform-contract');
  });

  it('--max-reports= (empty) and --max-reports -1 are refused, not taken as 0', async () => {
    for (const value of ['--max-reports=', '--max-reports=-1', '--max-reports=1.5']) {
      const { code, stderr } = await validateInProcess(['validate', traffic('unknown-path.ndjson'), value]);
      expect(code).toBe(2);
      expect(stderr).toContain('--max-reports must be a whole number');
    }
  });
});

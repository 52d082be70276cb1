// Like for like: the same Get Call exchanges (one in ten violating: `data` as an object, what the
// platform's later versions send) checked by this package and by `redocly drift`, each printing
// its own verdict count beside its time.
//
// 1. In-process, this package's validator on the same exchanges read from NDJSON and from HAR
//    (exchanges/s: how fast each reader feeds the same validator).
// 2. Whole processes on the same HAR file: `chatplatform-contract validate` against
//    `redocly drift --match-mode basepath`, each run RUNS times, medians and their ratio.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bundledSpecPath, ExchangeValidator, HarWriter, validateRecording } from '../dist/index.js';

const EXCHANGES = Number(process.env.CONTRACT_BENCH_EXCHANGES ?? 50_000);
const RUNS = 3;
const VIOLATING_EVERY = 10;
const run = promisify(execFile);

const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const good = spec.components.examples.CallInitiated.value;
const bodyAt = (i) => (i % VIOLATING_EVERY === 0 ? { data: good.data[0] } : good);
const exchangeAt = (i) => ({
  request: {
    method: 'GET',
    url: `https://a1b2c3.call-eu.cometchat.io/v3/calls/session-${i}`,
    headers: { apikey: 'bench-key' },
  },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(bodyAt(i)) },
});
const expectedViolating = Math.ceil(EXCHANGES / VIOLATING_EVERY);

const dir = mkdtempSync(join(tmpdir(), 'contract-bench-'));
const ndjson = join(dir, 'get-call.ndjson');
const har = join(dir, 'get-call.har');
await writeInputs();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function writeInputs() {
  const out = createWriteStream(ndjson);
  const harOut = new HarWriter(har);
  const started = new Date();
  for (let i = 0; i < EXCHANGES; i++) {
    const exchange = exchangeAt(i);
    harOut.add(exchange, started, 1);
    if (!out.write(`${JSON.stringify(exchange)}\n`)) await once(out, 'drain');
  }
  out.end();
  await Promise.all([once(out, 'finish'), harOut.close()]);
}

async function inProcess(file) {
  const validator = new ExchangeValidator();
  const times = [];
  let violating = -1;
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    const summary = await validateRecording(file, { validator });
    if (i > 0) times.push(performance.now() - start); // the first run warms the compiled schemas
    violating = summary.violating;
  }
  return { ms: median(times), violating };
}

async function wholeProcess(command, args, countViolating) {
  const times = [];
  let violating = -1;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const { stdout } = await run(command, args, { maxBuffer: 1024 * 1024 * 1024 }).catch((error) => error);
    times.push(performance.now() - start);
    violating = countViolating(stdout);
  }
  return { ms: median(times), violating };
}

const redocly = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.bin', 'redocly');
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const specYaml = createRequire(import.meta.url).resolve('@chatplatform/spec/openapi.yaml');

try {
  const ndjsonIn = await inProcess(ndjson);
  const harIn = await inProcess(har);
  const ours = await wholeProcess(
    process.execPath,
    [cli, 'validate', har, '--format', 'json', '--max-reports', '0'],
    (out) => JSON.parse(out).violating,
  );
  const drift = await wholeProcess(
    redocly,
    ['drift', har, '--api', specYaml, '--match-mode', 'basepath', '--format', 'json'],
    (out) => {
      // drift groups a problem seen on many exchanges into one entry with its `occurrences`.
      const report = JSON.parse(out.slice(out.indexOf('{')));
      return report.problems.filter((p) => p.severity === 'error').reduce((sum, p) => sum + p.occurrences, 0);
    },
  );
  const perSecond = (ms) => Math.round((EXCHANGES * 1000) / ms).toLocaleString('en');
  const verdict = (found) =>
    `${found.toLocaleString('en')} violating${found === expectedViolating ? '' : ` (expected ${expectedViolating})`}`;

  console.log(
    `\n${EXCHANGES.toLocaleString('en')} Get Call exchanges, ${expectedViolating.toLocaleString('en')} violating; medians of ${RUNS} runs`,
  );
  console.table([
    {
      what: 'validator in-process, NDJSON',
      'median (ms)': Math.round(ndjsonIn.ms),
      'exchanges/s': perSecond(ndjsonIn.ms),
      verdict: verdict(ndjsonIn.violating),
    },
    {
      what: 'validator in-process, HAR',
      'median (ms)': Math.round(harIn.ms),
      'exchanges/s': perSecond(harIn.ms),
      verdict: verdict(harIn.violating),
    },
    {
      what: 'chatplatform-contract validate (HAR, process)',
      'median (ms)': Math.round(ours.ms),
      'exchanges/s': perSecond(ours.ms),
      verdict: verdict(ours.violating),
    },
    {
      what: 'redocly drift (HAR, process)',
      'median (ms)': Math.round(drift.ms),
      'exchanges/s': perSecond(drift.ms),
      verdict: verdict(drift.violating),
    },
  ]);
  console.log(`HAR / NDJSON in-process: ${(harIn.ms / ndjsonIn.ms).toFixed(2)}× (goal ≤ 1.5×)`);
  console.log(`redocly drift / validate, whole process on the same HAR: ${(drift.ms / ours.ms).toFixed(2)}×`);
  console.log(
    `goal ≥ 100,000 exchanges/s from NDJSON in-process (this mix is ${100 / VIOLATING_EVERY} % violating): ${perSecond(ndjsonIn.ms)}/s`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Like for like: the same generated Get Call exchanges checked by this package (in-process, from
// NDJSON and from HAR, and as a whole process on the HAR file) beside two references on the same
// input: JSON.parse alone (the runtime's parse of each exchange and its body, the text already in
// memory: what no reader of these exchanges can go below) and `redocly drift`, the field's peer,
// as a whole process on the same HAR file. Every row prints its own verdict counts (the parse
// rows: the exchanges they parsed) beside the expected ones; a row that disagrees is marked and
// the bench exits 1. The figures inform: no goal is set here.
//
// Inputs (bench/inputs.mjs): EXCHANGES exchanges, all conforming ("valid"), or one in
// VIOLATING_EVERY violating ("mix"). In-process rows: one warm-up run (compiles the schemas), then
// the median of RUNS runs, each input's rows in the same rounds, their order reversed every other
// round, so that a drift in the machine's speed touches them all. Whole-process rows: median of
// PROCESS_RUNS runs. In-process rows also print CPU time over wall time. Run it under
// `taskset -c 0` for one core.
//
// Then the router: the time to match a request to its operation, on the bundled spec and on a
// spec grown to ROUTER_OPERATIONS operations (bench/routes.mjs).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExchangeValidator, validateRecording } from '../dist/index.js';
import { isMix, median, VIOLATING_EVERY, writeInputs } from './inputs.mjs';
import { linesOf, parseFile, parseHarText, parseLines } from './parse-only.mjs';
import { routerRows } from './routes.mjs';

const EXCHANGES = Number(process.env.CONTRACT_BENCH_EXCHANGES ?? 50_000);
const RUNS = Number(process.env.CONTRACT_BENCH_RUNS ?? 5);
const PROCESS_RUNS = Number(process.env.CONTRACT_BENCH_PROCESS_RUNS ?? 3);
const run = promisify(execFile);

const dir = mkdtempSync(join(tmpdir(), 'contract-bench-'));
const inputs = {
  valid: await writeInputs(dir, 'valid', EXCHANGES, () => false),
  mix: await writeInputs(dir, 'mix', EXCHANGES, isMix),
};

/**
 * In-process runs of `validate` on `file`: one warm-up, then the medians of RUNS. The tasks of
 * `alongside` (by name, each answering its own verdict) run in the same rounds, in an order reversed
 * every other round, so that a drift in the machine's speed touches them all. Answers each task's
 * median by name, `validate` included.
 */
async function inProcess(file, alongside = {}) {
  const validator = new ExchangeValidator();
  const tasks = {
    validate: async () => {
      const summary = await validateRecording(file, { validator, maxReports: 0 });
      return { conforming: summary.conforming, violating: summary.violating, error: summary.inputError?.message };
    },
    ...alongside,
  };
  const samples = {};
  for (const [name, task] of Object.entries(tasks)) {
    await task();
    samples[name] = { times: [], cpu: [] };
  }
  for (let i = 0; i < RUNS; i++) {
    const order = Object.keys(tasks);
    if (i % 2 === 1) order.reverse();
    for (const name of order) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      samples[name].verdict = await tasks[name]();
      samples[name].times.push(performance.now() - start);
      const used = process.cpuUsage(startCpu);
      samples[name].cpu.push((used.user + used.system) / 1000);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, { times, cpu, verdict }]) => [
      name,
      { ms: median(times), cpuMs: median(cpu), verdict },
    ]),
  );
}

async function wholeProcess(command, args, readVerdict) {
  const times = [];
  let verdict;
  for (let i = 0; i < PROCESS_RUNS; i++) {
    const start = performance.now();
    const { stdout } = await run(command, args, { maxBuffer: 1024 * 1024 * 1024 }).catch((error) => error);
    times.push(performance.now() - start);
    verdict = readVerdict(stdout);
  }
  return { ms: median(times), verdict };
}

const redocly = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.bin', 'redocly');
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const specYaml = createRequire(import.meta.url).resolve('@chatplatform/spec/openapi.yaml');
const ours = (file) =>
  wholeProcess(process.execPath, [cli, 'validate', file, '--format', 'json', '--max-reports', '0'], (out) => {
    const report = JSON.parse(out);
    return { conforming: report.conforming, violating: report.violating };
  });
const drift = (file, input) =>
  wholeProcess(redocly, ['drift', file, '--api', specYaml, '--match-mode', 'basepath', '--format', 'json'], (out) => {
    // drift groups a problem seen on many exchanges into one entry with its `occurrences`.
    const report = JSON.parse(out.slice(out.indexOf('{')));
    const violating = report.problems.filter((p) => p.severity === 'error').reduce((sum, p) => sum + p.occurrences, 0);
    return { conforming: input.expected.conforming + input.expected.violating - violating, violating };
  });

const JSON_PARSE = 'JSON.parse alone';
const READ_ONLY = "read and parsed only (this package's reader)";
const VALIDATE = 'validate, in-process';
const PROCESS = 'chatplatform-contract validate, process';
const DRIFT = 'redocly drift, process';

/** The rows of one input: in-process rows in shared rounds, then the two whole processes on its HAR file. */
async function inputRows(name, input) {
  const lines = linesOf(input.ndjson);
  const ndjson = await inProcess(input.ndjson, {
    [JSON_PARSE]: async () => ({ parsed: parseLines(lines) }),
    [READ_ONLY]: async () => ({ parsed: await parseFile(input.ndjson) }),
  });
  const harText = readFileSync(input.har, 'utf8');
  const har = await inProcess(input.har, { [JSON_PARSE]: async () => ({ parsed: parseHarText(harText) }) });
  const rows = [
    [`${name}, NDJSON`, JSON_PARSE, ndjson[JSON_PARSE]],
    [`${name}, NDJSON`, READ_ONLY, ndjson[READ_ONLY]],
    [`${name}, NDJSON`, VALIDATE, ndjson.validate],
    [`${name}, HAR`, JSON_PARSE, har[JSON_PARSE]],
    [`${name}, HAR`, VALIDATE, har.validate],
    [`${name}, HAR`, PROCESS, await ours(input.har)],
    [`${name}, HAR`, DRIFT, await drift(input.har, input)],
  ];
  return rows.map(([on, what, result]) => ({ on, what, ...result, expected: input.expected, input: name }));
}

try {
  const rows = [...(await inputRows('valid', inputs.valid)), ...(await inputRows('mix', inputs.mix))];
  report(rows);
  console.log('\nThe router: matching a request to its operation (median of 5 runs)');
  console.table(routerRows());
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function report(rows) {
  const perSecond = (ms) => Math.round((EXCHANGES * 1000) / ms);
  const count = (n) => n.toLocaleString('en');
  const agrees = ({ verdict, expected }) =>
    'parsed' in verdict
      ? verdict.parsed === expected.conforming + expected.violating
      : verdict.conforming === expected.conforming && verdict.violating === expected.violating;
  const reference = (row, what, on = row.on) => rows.find((r) => r.on === on && r.what === what);
  const times = (row, ref) => (ref ? `${(row.ms / ref.ms).toFixed(2)}×` : '');
  console.log(
    `\n${count(EXCHANGES)} Get Call exchanges a row (mix: ${count(inputs.mix.expected.violating)} violating, ${100 / VIOLATING_EVERY} %); ` +
      `in-process: median of ${RUNS} runs after a warm-up; processes: median of ${PROCESS_RUNS}; ` +
      `${availableParallelism()} core(s) available, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.table(
    rows.map((r) => ({
      on: r.on,
      what: r.what,
      'median (ms)': Math.round(r.ms),
      'exchanges/s': count(perSecond(r.ms)),
      // CPU time of all this process's threads over wall time: < 1 means other processes took the cores.
      'CPU / wall': r.cpuMs === undefined ? '' : (r.cpuMs / r.ms).toFixed(2),
      '× JSON.parse alone': times(r, reference(r, JSON_PARSE)),
      '× redocly drift': times(r, reference(r, DRIFT, `${r.input}, HAR`)),
      'conforming / violating':
        'parsed' in r.verdict
          ? `${count(r.verdict.parsed)} parsed, none checked`
          : `${count(r.verdict.conforming)} / ${count(r.verdict.violating)}`,
      expected: agrees(r) ? 'same' : `${count(r.expected.conforming)} / ${count(r.expected.violating)} (DIFFERS)`,
    })),
  );
  const disagreeing = rows.filter((r) => !agrees(r));
  console.log(
    disagreeing.length === 0
      ? 'every row gives the expected verdicts'
      : `DIFFERENT VERDICTS: ${disagreeing.map((r) => `${r.on}: ${r.what}`).join(', ')}`,
  );
  if (disagreeing.length > 0) process.exitCode = 1;
}

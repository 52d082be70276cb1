// Like for like: the same generated Get Call exchanges checked by this package (in-process, from
// NDJSON and from HAR) and, as whole processes on the same HAR file, by `chatplatform-contract
// validate` and by `redocly drift`. Every row prints its own verdict counts (the parse-only row: the
// exchanges it parsed) beside the expected ones; a row that disagrees is marked. `--jobs 1` against
// `--jobs 2`: bench/jobs.mjs.
//
// Inputs (bench/inputs.mjs): EXCHANGES exchanges, all conforming ("valid"), or one in
// VIOLATING_EVERY violating ("mix"). In-process rows: one warm-up run (compiles the schemas), then
// the median of RUNS runs. Whole-process rows: median of PROCESS_RUNS runs. In-process rows also
// print CPU time (all threads) over wall time. Run it under `taskset -c 0` for one core.
//
// Beside the valid NDJSON row, in the same rounds (the order reversed every other round), the same
// file read and parsed by this package's reader with nothing checked (bench/parse-only.mjs): what
// `validate` costs before its checks, so what no change to the checks can go below; and below that,
// JSON.parse alone on the file's lines held in memory: what no reader of these exchanges can go below.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExchangeValidator, validateRecording } from '../dist/index.js';
import { isMix, median, VIOLATING_EVERY, writeInputs } from './inputs.mjs';
import { linesOf, parseFile, parseLines } from './parse-only.mjs';

const EXCHANGES = Number(process.env.CONTRACT_BENCH_EXCHANGES ?? 50_000);
const RUNS = Number(process.env.CONTRACT_BENCH_RUNS ?? 5);
const PROCESS_RUNS = Number(process.env.CONTRACT_BENCH_PROCESS_RUNS ?? 3);
const GOAL_VALID_PER_SECOND = 100_000;
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
const drift = (file) =>
  wholeProcess(redocly, ['drift', file, '--api', specYaml, '--match-mode', 'basepath', '--format', 'json'], (out) => {
    // drift groups a problem seen on many exchanges into one entry with its `occurrences`.
    const report = JSON.parse(out.slice(out.indexOf('{')));
    const violating = report.problems.filter((p) => p.severity === 'error').reduce((sum, p) => sum + p.occurrences, 0);
    return { conforming: EXCHANGES - violating, violating };
  });

const JSON_PARSE_ONLY = 'JSON.parse only, the lines in memory';
const PARSE_ONLY = 'read and parsed only, NDJSON, valid';
let validBesideParseOnly;
const besideParseOnly = () => (validBesideParseOnly ??= validAndParseOnly(inputs.valid.ndjson));
/** `validate` on the valid NDJSON file, in the same rounds as the two parse-only rows on it. */
function validAndParseOnly(file) {
  const lines = linesOf(file);
  return inProcess(file, {
    [JSON_PARSE_ONLY]: async () => ({ parsed: parseLines(lines) }),
    [PARSE_ONLY]: async () => ({ parsed: await parseFile(file) }),
  });
}
const rows = [
  [JSON_PARSE_ONLY, async () => (await besideParseOnly())[JSON_PARSE_ONLY], inputs.valid],
  [PARSE_ONLY, async () => (await besideParseOnly())[PARSE_ONLY], inputs.valid],
  ['in-process, NDJSON, valid', async () => (await besideParseOnly()).validate, inputs.valid],
  ['in-process, NDJSON, mix', async () => (await inProcess(inputs.mix.ndjson)).validate, inputs.mix],
  ['in-process, HAR, valid', async () => (await inProcess(inputs.valid.har)).validate, inputs.valid],
  ['in-process, HAR, mix', async () => (await inProcess(inputs.mix.har)).validate, inputs.mix],
  ['chatplatform-contract validate (HAR, mix, process)', () => ours(inputs.mix.har), inputs.mix],
  ['redocly drift (HAR, mix, process)', () => drift(inputs.mix.har), inputs.mix],
];

try {
  const results = {};
  for (const [what, measure, input] of rows) results[what] = { ...(await measure()), expected: input.expected };
  report(results);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function report(results) {
  const perSecond = (ms) => Math.round((EXCHANGES * 1000) / ms);
  const count = (n) => n.toLocaleString('en');
  const agrees = ({ verdict, expected }) =>
    'parsed' in verdict
      ? verdict.parsed === expected.conforming + expected.violating
      : verdict.conforming === expected.conforming && verdict.violating === expected.violating;
  console.log(
    `\n${count(EXCHANGES)} Get Call exchanges a row (mix: ${count(inputs.mix.expected.violating)} violating, ${100 / VIOLATING_EVERY} %); ` +
      `in-process: median of ${RUNS} runs after a warm-up; processes: median of ${PROCESS_RUNS}; ` +
      `${availableParallelism()} core(s) available, load average ${loadavg()[0].toFixed(1)}`,
  );
  console.table(
    Object.entries(results).map(([what, r]) => ({
      what,
      'median (ms)': Math.round(r.ms),
      'exchanges/s': count(perSecond(r.ms)),
      // CPU time of all this process's threads over wall time: > 1 means threads ran side by side,
      // < 1 that other processes took the cores.
      'CPU / wall': r.cpuMs === undefined ? '' : (r.cpuMs / r.ms).toFixed(2),
      // What one core would do if this process had it to itself (other processes cannot inflate CPU time).
      'exchanges / CPU-s': r.cpuMs === undefined ? '' : count(perSecond(r.cpuMs)),
      'conforming / violating':
        'parsed' in r.verdict
          ? `${count(r.verdict.parsed)} parsed, none checked`
          : `${count(r.verdict.conforming)} / ${count(r.verdict.violating)}`,
      expected: agrees(r) ? 'same' : `${count(r.expected.conforming)} / ${count(r.expected.violating)} (DIFFERS)`,
    })),
  );
  const ms = (what) => results[what].ms;
  const ratio = (a, b) => `${(ms(a) / ms(b)).toFixed(2)}×`;
  console.log(
    `HAR / NDJSON time, valid: ${ratio('in-process, HAR, valid', 'in-process, NDJSON, valid')}; mix: ${ratio('in-process, HAR, mix', 'in-process, NDJSON, mix')} (goal ≤ 1.5×)`,
  );
  console.log(
    `NDJSON valid: ${count(perSecond(ms('in-process, NDJSON, valid')))}/s (goal ≥ ${count(GOAL_VALID_PER_SECOND)}/s on one core); ` +
      `mix: ${count(perSecond(ms('in-process, NDJSON, mix')))}/s (goal ≥ ${count(GOAL_VALID_PER_SECOND / 2)}/s)`,
  );
  const jsonParseOnly = perSecond(ms(JSON_PARSE_ONLY));
  console.log(
    `JSON.parse alone (each line and its body, the lines in memory): ${count(jsonParseOnly)}/s; ` +
      `this package's reader takes ${ratio(PARSE_ONLY, JSON_PARSE_ONLY)} its time, validate ${ratio('in-process, NDJSON, valid', JSON_PARSE_ONLY)}`,
  );
  const parseOnly = perSecond(ms(PARSE_ONLY));
  const room = parseOnly >= GOAL_VALID_PER_SECOND ? 'at or above the goal' : 'below the goal even with nothing checked';
  console.log(
    `the same file read and parsed only, by this package's reader: ${count(parseOnly)}/s (${room}); ` +
      `validate takes ${ratio('in-process, NDJSON, valid', PARSE_ONLY)} its time`,
  );
  console.log(
    `redocly drift / validate, whole process on the same HAR: ${ratio('redocly drift (HAR, mix, process)', 'chatplatform-contract validate (HAR, mix, process)')}`,
  );
  const disagreeing = Object.entries(results).filter(([, r]) => !agrees(r));
  console.log(
    disagreeing.length === 0
      ? 'every row gives the expected verdicts'
      : `DIFFERENT VERDICTS: ${disagreeing.map(([what]) => what).join(', ')}`,
  );
  if (disagreeing.length > 0) process.exitCode = 1;
}

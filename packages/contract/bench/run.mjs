// Like for like: the same generated Get Call exchanges checked by this package (in-process, from
// NDJSON and from HAR) and, as whole processes on the same HAR file, by `chatplatform-contract
// validate` and by `redocly drift`. Every row prints its own verdict counts beside the expected
// ones; a row that disagrees is marked. `--jobs 1` against `--jobs 2`: bench/jobs.mjs.
//
// Inputs (bench/inputs.mjs): EXCHANGES exchanges, all conforming ("valid"), or one in
// VIOLATING_EVERY violating ("mix"). In-process rows: one warm-up run (compiles the schemas), then
// the median of RUNS runs. Whole-process rows: median of PROCESS_RUNS runs. In-process rows also
// print CPU time (all threads) over wall time. Run it under `taskset -c 0` for one core.
//
// Beside them, the floor (bench/parse-only.mjs): the same NDJSON lines read and parsed twice (the
// line, then its body) and nothing else, median of RUNS runs. No validator that parses the JSON can
// be faster here at that moment, so it says how much of the goal this machine allows. One warm-up
// run, like the in-process rows.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExchangeValidator, validateRecording } from '../dist/index.js';
import { isMix, median, VIOLATING_EVERY, writeInputs } from './inputs.mjs';
import { parseLines } from './parse-only.mjs';

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

async function inProcess(file) {
  const validator = new ExchangeValidator();
  await validateRecording(file, { validator });
  const times = [];
  const cpu = [];
  let verdict;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const summary = await validateRecording(file, { validator, maxReports: 0 });
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    verdict = { conforming: summary.conforming, violating: summary.violating, error: summary.inputError?.message };
  }
  return { ms: median(times), cpuMs: median(cpu), verdict };
}

/** The floor: the file's lines parsed, nothing checked (no verdict). */
function parseOnly(file) {
  parseLines(file, 0, statSync(file).size);
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const lines = parseLines(file, 0, statSync(file).size);
    times.push(performance.now() - start);
    if (lines !== EXCHANGES) throw new Error(`the floor parsed ${lines} lines, not ${EXCHANGES}`);
  }
  return { ms: median(times) };
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

const rows = [
  ['floor: NDJSON valid, read and parsed only', () => parseOnly(inputs.valid.ndjson), inputs.valid],
  ['in-process, NDJSON, valid', () => inProcess(inputs.valid.ndjson), inputs.valid],
  ['in-process, NDJSON, mix', () => inProcess(inputs.mix.ndjson), inputs.mix],
  ['in-process, HAR, valid', () => inProcess(inputs.valid.har), inputs.valid],
  ['in-process, HAR, mix', () => inProcess(inputs.mix.har), inputs.mix],
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
  const agrees = (r) =>
    !r.verdict || (r.verdict.conforming === r.expected.conforming && r.verdict.violating === r.expected.violating);
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
      'conforming / violating': r.verdict
        ? `${count(r.verdict.conforming)} / ${count(r.verdict.violating)}`
        : '(none: nothing checked)',
      expected: !r.verdict
        ? ''
        : agrees(r)
          ? 'same'
          : `${count(r.expected.conforming)} / ${count(r.expected.violating)} (DIFFERS)`,
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
  const floor = perSecond(ms('floor: NDJSON valid, read and parsed only'));
  console.log(
    `floor, the same lines read and parsed only: ${count(floor)}/s (${floor >= GOAL_VALID_PER_SECOND ? 'leaves room for the goal' : 'below the goal: no validator that parses the JSON reaches it here now'}); ` +
      `validate takes ${ratio('in-process, NDJSON, valid', 'floor: NDJSON valid, read and parsed only')} its time`,
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

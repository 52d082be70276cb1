// `validate --jobs 1` against `--jobs 2` on the same file, in the same run: the goal is a speed-up of
// at least 1.7× on 2 cores.
//
// Inputs (bench/inputs.mjs): the "mix" of Get Call exchanges (one in ten violating), EXCHANGES and
// LARGE_EXCHANGES of them, each as NDJSON and as HAR. Each row alternates the two sides, run by
// run (1, 2, 2, 1, 1, 2, …: a drift in the machine's speed touches both), RUNS times each, and
// prints their medians and the ratio of the medians. In-process rows call validateRecording with
// one validator, compiled by a warm-up run; each `--jobs 2` run starts its worker thread, which loads
// the package and compiles its schemas (that start counts). Process rows run `node dist/cli.js
// validate FILE --format json --max-reports 0 --jobs N`, start-up included. Every row prints both
// sides' conforming / violating counts beside the expected ones, and the bench fails if one differs.
// In-process rows also print CPU time (all threads) over wall time for both sides (--jobs 1 is over
// 1 too: V8's garbage collector works on helper threads), and the CPU time of --jobs 2 over that of
// --jobs 1 (what the worker costs): on 2 cores the speed-up is at most
// 2 / (CPU / wall of --jobs 1 on free cores × CPU 2 / CPU 1).
// The load average is printed before and after each row: other processes on the cores make the
// figure say less.
//
// The parse-only rows (bench/parse-only.mjs, NDJSON only) do what every thread of `validate --jobs N`
// does before its checks: read byte ranges of the same file and parse their lines and bodies with
// this package's reader, on one worker thread against two (every other range each), each side's
// worker start included. What two threads gain there is what this machine's two cores, which share
// memory and caches, give that part of the work at that moment; read `--jobs 2`'s speed-up beside it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ExchangeValidator, validateRecording } from '../dist/index.js';
import { isMix, median, writeInputs } from './inputs.mjs';
import { parseInThreads } from './parse-only.mjs';

const EXCHANGES = Number(process.env.CONTRACT_BENCH_EXCHANGES ?? 50_000);
const LARGE_EXCHANGES = Number(process.env.CONTRACT_BENCH_LARGE_EXCHANGES ?? 200_000);
const RUNS = Number(process.env.CONTRACT_BENCH_JOBS_RUNS ?? 5);
const GOAL = 1.7;
const PARSE_ONLY = 'parse-only';
const run = promisify(execFile);
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const load = () => loadavg()[0].toFixed(1);
const count = (n) => n.toLocaleString('en');

/** One side's run: wall and CPU milliseconds (CPU: in-process only) and the verdict. */
async function inProcessRun(validator, file, jobs) {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  const summary = await validateRecording(file, { validator, jobs, maxReports: 0 });
  const used = process.cpuUsage(startCpu);
  const ms = performance.now() - start;
  return { ms, cpuMs: (used.user + used.system) / 1000, verdict: verdictOf(summary) };
}

async function processRun(file, jobs) {
  const args = [cli, 'validate', file, '--format', 'json', '--max-reports', '0', '--jobs', String(jobs)];
  const start = performance.now();
  const { stdout } = await run(process.execPath, args, { maxBuffer: 1024 * 1024 * 1024 }).catch((error) => error);
  const ms = performance.now() - start;
  let verdict;
  try {
    verdict = verdictOf(JSON.parse(stdout));
  } catch {
    verdict = {
      conforming: Number.NaN,
      violating: Number.NaN,
      error: `no JSON report: ${String(stdout).slice(0, 200)}`,
    };
  }
  return { ms, verdict };
}

const verdictOf = (summary) => ({
  conforming: summary.conforming,
  violating: summary.violating,
  ...(summary.inputError ? { error: summary.inputError.message } : {}),
});

/** A parse-only run on `threads` worker threads; nothing is checked, so its verdict is the exchanges parsed. */
async function parseOnlyRun(file, threads) {
  const { ms, parsed } = await parseInThreads(file, threads);
  return { ms, verdict: { parsed } };
}

/** RUNS runs of each side, alternated; medians, and the last verdict of each side. */
async function compare(form, file) {
  const validator = form === 'in-process' ? new ExchangeValidator() : undefined;
  const once =
    form === 'in-process'
      ? (jobs) => inProcessRun(validator, file, jobs)
      : form === 'process'
        ? (jobs) => processRun(file, jobs)
        : (jobs) => parseOnlyRun(file, jobs);
  if (form === 'in-process') await validateRecording(file, { validator, maxReports: 0 });
  const sides = { 1: [], 2: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const jobs of i % 2 === 0 ? [1, 2] : [2, 1]) sides[jobs].push(await once(jobs));
  }
  const summarise = (results) => ({
    ms: median(results.map((r) => r.ms)),
    cpuMs: results[0].cpuMs === undefined ? undefined : median(results.map((r) => r.cpuMs)),
    verdicts: results.map((r) => r.verdict),
  });
  return { one: summarise(sides[1]), two: summarise(sides[2]) };
}

const dir = mkdtempSync(join(tmpdir(), 'contract-jobs-bench-'));
try {
  const inputs = [
    [EXCHANGES, await writeInputs(dir, 'mix', EXCHANGES, isMix)],
    [LARGE_EXCHANGES, await writeInputs(dir, 'large', LARGE_EXCHANGES, isMix)],
  ];
  console.log(
    `\n--jobs 1 against --jobs 2, same file, same run: ${RUNS} runs a side, alternated, medians; ` +
      `the mix (one in ten violating); ${availableParallelism()} core(s) available; ` +
      'parse-only rows: 1 worker thread against 2, reading and parsing only',
  );
  const rows = [];
  for (const [exchanges, input] of inputs) {
    for (const [form, formats] of [
      [PARSE_ONLY, ['ndjson']],
      ['in-process', ['ndjson', 'har']],
      ['process', ['ndjson', 'har']],
    ]) {
      for (const format of formats) {
        const loadBefore = load();
        const result = await compare(form, input[format]);
        rows.push({ exchanges, form, format, result, expected: input.expected, load: `${loadBefore} → ${load()}` });
      }
    }
  }
  report(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function report(rows) {
  const agrees = (verdicts, expected) =>
    verdicts.every((v) =>
      'parsed' in v
        ? v.parsed === expected.conforming + expected.violating
        : v.conforming === expected.conforming && v.violating === expected.violating && !v.error,
    );
  const shown = ([v]) =>
    'parsed' in v ? `${count(v.parsed)} parsed, none checked` : `${count(v.conforming)} / ${count(v.violating)}`;
  console.table(
    rows.map(({ exchanges, form, format, result: { one, two }, expected, load }) => ({
      what: `${form}, ${format.toUpperCase()}, ${count(exchanges)} exchanges`,
      '--jobs 1 (ms)': Math.round(one.ms),
      '--jobs 2 (ms)': Math.round(two.ms),
      'speed-up': `${(one.ms / two.ms).toFixed(2)}×`,
      // CPU time of all threads over wall time: --jobs 1 is over 1 too (V8's garbage collector works
      // on helper threads), and --jobs 2 over 1 ran its threads side by side.
      'CPU / wall (1 | 2)':
        one.cpuMs === undefined ? '' : `${(one.cpuMs / one.ms).toFixed(2)} | ${(two.cpuMs / two.ms).toFixed(2)}`,
      // What the worker costs in CPU time (its start, its schemas, its garbage collection).
      'CPU 2 / CPU 1': two.cpuMs === undefined ? '' : (two.cpuMs / one.cpuMs).toFixed(2),
      'conforming / violating (1 | 2)': `${shown(one.verdicts)} | ${shown(two.verdicts)}`,
      expected: agrees(one.verdicts, expected) && agrees(two.verdicts, expected) ? 'same' : 'DIFFERS',
      'load average': load,
    })),
  );
  for (const { exchanges, form, format, result } of rows) {
    const speedUp = result.one.ms / result.two.ms;
    const verdict =
      form === PARSE_ONLY
        ? 'what 2 threads gain on this machine now, reading and parsing only'
        : `goal ≥ ${GOAL}× on 2 cores: ${speedUp >= GOAL ? 'met' : 'not met'}`;
    console.log(`${form}, ${format.toUpperCase()}, ${count(exchanges)}: ${speedUp.toFixed(2)}× (${verdict})`);
  }
  const disagreeing = rows.filter(
    (r) => !agrees(r.result.one.verdicts, r.expected) || !agrees(r.result.two.verdicts, r.expected),
  );
  for (const row of disagreeing) {
    const errors = [...row.result.one.verdicts, ...row.result.two.verdicts].flatMap((v) => (v.error ? [v.error] : []));
    console.log(
      `DIFFERENT VERDICTS: ${row.form}, ${row.format}, ${count(row.exchanges)}${errors.length ? `: ${errors[0]}` : ''}`,
    );
  }
  if (disagreeing.length === 0) console.log('every run of both sides gives the expected verdicts');
  else process.exitCode = 1;
}

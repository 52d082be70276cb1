#!/usr/bin/env node
// `pnpm bench` (scale row): how each stage of the pipeline grows with the number of operations.
// Method: the repository's tracked files are copied to a temporary folder and installed there
// (pnpm, offline from the store); for each size N the copy's spec is reset to the repository's and
// grown to N operations (bench/scale/grow-spec.mjs: paginated lists with query parameters,
// create/update bodies, nested schemas, every area on its own address, lint-clean), then each
// stage runs once, cold, in the copy with the project's own commands, one after the other, and is
// timed from start to exit. A stage that fails is shown as failed with its first error line (its
// whole output is in the copy's bench-logs/, kept with --keep). Then, per stage, the fitted growth
// over the sizes: the least-squares line t = a + b·N (b: seconds per operation) and the exponent k
// of t ∝ N^k between the smallest and the largest size (1: linear, 2: quadratic).
// Nothing in the repository is written. Options: --sizes 5,100 (default), --stages lint,bundle,…
// (default all), --keep (leave the copy).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { growSpec, useCopy } from './grow-spec.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const SDK_LANGUAGES = ['python', 'go', 'java', 'rust', 'kotlin', 'ruby', 'php'];

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '5,100' },
    stages: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const sizes = options.sizes.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(`--sizes takes operation counts separated by commas (5,100), got "${options.sizes}".`);
  process.exit(2);
}

/** Runs a command in the copy, its output appended to bench-logs/<log>.log; resolves to null or the error. */
function run(copy, log, command, args, env = {}) {
  const logs = join(copy, 'bench-logs');
  mkdirSync(logs, { recursive: true });
  const out = createWriteStream(join(logs, `${log}.log`), { flags: 'a' });
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: copy,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (chunk) => {
      out.write(chunk);
      tail = (tail + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code) => {
      out.end();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are taken out
      const lines = tail.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
      const firstError =
        lines.find((line) => /^\s*(\w*Error\b|error\b|ERR_)/.test(line)) ??
        lines.find((line) => /error|fail|✗|×/i.test(line)) ??
        lines.filter(Boolean).at(-1);
      resolve(code === 0 ? null : `exit ${code}: ${firstError?.trim().slice(0, 140)}`);
    });
  });
}

const pnpm = (filter, ...args) => ['pnpm', ['--filter', filter, ...args]];

/** The stages `pnpm build` runs (lint, bundle, generate and build of every package), summed for its goal. */
const BUILD_STAGES = [
  'lint',
  'bundle',
  'client',
  'mock',
  'contract',
  ...SDK_LANGUAGES.map((l) => `sdk ${l}`),
  'docs build',
];
const GOALS = { pageBytes: 5_000_000, getCallP95Seconds: 1, buildSeconds: 15 * 60, pageGrowthKiB: 0.5, exponent: 1.2 };

/**
 * A stage: a name and the commands it runs, timed; `prepare` (untimed) builds what it needs that
 * another stage would (the docs' changelog uses the contract's build). A measure: a name, the rows it
 * gives and `measure`, which reads figures instead of timing.
 */
function stages(copy) {
  const docs = join(copy, 'packages/docs/dist');
  const list = [
    { name: 'lint', commands: [pnpm('@chatplatform/spec', 'run', 'lint')] },
    { name: 'bundle', commands: [pnpm('@chatplatform/spec', 'run', 'bundle')] },
    {
      name: 'client',
      commands: [pnpm('@chatplatform/client', 'run', 'generate'), pnpm('@chatplatform/client', 'run', 'build')],
    },
    {
      name: 'mock',
      commands: [pnpm('@chatplatform/mock', 'run', 'build'), ['node', [join(repo, 'bench/scale/mock-call.mjs'), copy]]],
    },
    {
      name: 'contract',
      commands: [
        pnpm('@chatplatform/contract', 'run', 'build'),
        ['node', ['packages/contract/dist/cli.js', 'validate', join(copy, 'bench-logs/exchanges.ndjson')]],
      ],
    },
    ...SDK_LANGUAGES.map((lang) => ({
      name: `sdk ${lang}`,
      commands: [
        ['node', ['packages/sdks/scripts/generate.mjs', lang]],
        ['node', ['packages/sdks/scripts/build.mjs', lang]],
      ],
    })),
    {
      name: 'docs build',
      prepare: [pnpm('@chatplatform/contract', 'run', 'build')],
      // A failed build leaves no page behind for the measures below to read.
      before: () => rmSync(docs, { recursive: true, force: true }),
      commands: [pnpm('@chatplatform/docs', 'run', 'build')],
    },
    { name: 'page', rows: ['page (index.html)', WITH_GET_CALL], measure: () => pageSize(docs) },
    {
      name: 'Get Call visible',
      rows: ['Get Call visible median', 'Get Call visible p95'],
      measure: () => getCallVisible(copy),
    },
    {
      name: 'docs tests',
      commands: [
        pnpm('@chatplatform/docs', 'exec', 'vitest', 'run', 'test/e2e/samples.test.ts', 'test/e2e/prerender.test.ts'),
      ],
    },
  ];
  const only = options.stages?.split(',').map((s) => s.trim());
  return only ? list.filter(({ name }) => only.some((o) => name.startsWith(o))) : list;
}

const rowsOf = (stage) => stage.rows ?? [stage.name];
const WITH_GET_CALL = 'page + Get Call area and route files';
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;

/**
 * The page a reader opens: index.html alone, and with what Get Call's address loads beside it (its
 * area's file and its prerendered route file; a build without them counts none).
 */
function pageSize(docs) {
  let page;
  try {
    page = readFileSync(join(docs, 'index.html'));
  } catch (error) {
    const failed = { error: `no built page to measure (${error.code}): the docs build did not finish` };
    return { 'page (index.html)': failed, [WITH_GET_CALL]: failed };
  }
  const beside = ['areas/calls.js', 'routes/calls/get-call.js'].map((file) =>
    existsSync(join(docs, file)) ? statSync(join(docs, file)).size : 0,
  );
  const total = page.length + beside[0] + beside[1];
  return {
    'page (index.html)': {
      value: page.length / 1024,
      text: `${kib(page.length)} (${kib(gzipSync(page).length)} gzip)`,
      unit: 'KiB',
    },
    [WITH_GET_CALL]: {
      value: total / 1024,
      text: `${kib(total)} (area file ${kib(beside[0])}, route file ${kib(beside[1])})`,
      unit: 'KiB',
    },
  };
}

async function getCallVisible(copy) {
  const error = await run(copy, 'docs-bench', 'pnpm', ['--filter', '@chatplatform/docs', 'run', 'bench'], {
    DOCS_BENCH_RUNS: '7',
  });
  const log = readFileSync(join(copy, 'bench-logs/docs-bench.log'), 'utf8');
  const match = [...log.matchAll(/after: Get Call visible at median (\d+) ms, at p95 (\d+) ms/g)].at(-1);
  if (error || !match) {
    const failed = { error: error ?? 'the docs bench printed no median and p95' };
    return { 'Get Call visible median': failed, 'Get Call visible p95': failed };
  }
  const seconds = (ms) => ({ value: Number(ms) / 1000, text: `${ms} ms (7 cold runs)`, unit: 's' });
  return { 'Get Call visible median': seconds(match[1]), 'Get Call visible p95': seconds(match[2]) };
}

/** Runs a stage (or its measure); resolves to one result per row. */
async function runStage(copy, stage) {
  if (stage.measure) return stage.measure();
  for (const [command, args] of stage.prepare ?? []) {
    const error = await run(copy, `${stage.name.replace(/\s+/g, '-')}-prepare`, command, args);
    if (error) return { [stage.name]: { error: `preparing: ${error}` } };
  }
  stage.before?.();
  const started = performance.now();
  for (const [command, args] of stage.commands) {
    const error = await run(copy, stage.name.replace(/\s+/g, '-'), command, args);
    if (error)
      return { [stage.name]: { error: `after ${((performance.now() - started) / 1000).toFixed(1)} s, ${error}` } };
  }
  const seconds = (performance.now() - started) / 1000;
  return { [stage.name]: { value: seconds, text: `${seconds.toFixed(1)} s`, unit: 's' } };
}

/** The repository's tracked files, as they are in the working tree, and the set-up's downloads. */
function copyRepository() {
  const copy = mkdtempSync(join(tmpdir(), 'chatplatform-scale-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  // The OpenAPI Generator JAR scripts/setup.sh fetched (not tracked): the same bytes, no download.
  cpSync(join(repo, 'packages/sdks/.tools'), join(copy, 'packages/sdks/.tools'), { recursive: true });
  // The changelog compares the spec with the repository's first commit: the copy is one commit.
  const git = (...args) => execFileSync('git', args, { cwd: copy, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git(
    '-c',
    'user.name=scale bench',
    '-c',
    'user.email=scale-bench@localhost',
    'commit',
    '-q',
    '--no-gpg-sign',
    '-m',
    'copy',
  );
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--offline'], { cwd: copy, stdio: 'ignore' });
  return copy;
}

/** The copy's spec back to the repository's, then grown to n operations. */
function resetSpec(copy, n) {
  for (const folder of ['paths', 'components']) rmSync(join(copy, 'spec', folder), { recursive: true, force: true });
  const files = execFileSync('git', ['ls-files', '-z', 'spec'], { cwd: repo, encoding: 'utf8' }).split('\0');
  for (const file of files.filter(Boolean)) cpSync(join(repo, file), join(copy, file));
  return growSpec(join(copy, 'spec'), n);
}

function linearFit(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.n, 0) / n;
  const my = points.reduce((s, p) => s + p.value, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.n - mx) ** 2, 0);
  const slope = sxx ? points.reduce((s, p) => s + (p.n - mx) * (p.value - my), 0) / sxx : 0;
  const [first, last] = [points[0], points.at(-1)];
  const exponent = Math.log(last.value / first.value) / Math.log(last.n / first.n);
  return { intercept: my - slope * mx, slope, exponent };
}

/** Per row, over the sizes that passed: the fitted line and exponent, printed; returned by row name. */
function report(results, rowNames) {
  console.log('\nFitted growth per stage over the sizes that passed (t = a + b·N; k: t ∝ N^k, smallest to largest):');
  const fits = {};
  const rows = rowNames.map((name) => {
    const points = results.map((r) => ({ n: r.n, ...r.stages[name] })).filter((p) => p.value !== undefined);
    if (points.length < 2) return { stage: name, fit: 'fewer than two sizes passed' };
    fits[name] = linearFit(points);
    const { intercept, slope, exponent } = fits[name];
    const unit = points[0].unit;
    return {
      stage: name,
      'a (at 0 operations)': `${intercept.toFixed(2)} ${unit}`,
      'b (per operation)': unit === 's' ? `${(slope * 1000).toFixed(1)} ms` : `${slope.toFixed(1)} ${unit}`,
      k: exponent.toFixed(2),
    };
  });
  console.table(rows);
  return fits;
}

/** One goal: MET, MISSED, or NOT MEASURED (a goal the run could not judge is not met). */
const verdict = (goal, measured, met) => ({
  goal,
  measured: measured ?? 'not measured',
  verdict: measured === undefined ? 'NOT MEASURED' : met ? 'MET' : 'MISSED',
});

/** The goals at the largest size, judged on what this run measured. */
function goals(largest, fits, timedRows) {
  const at = (name) => largest.stages[name]?.value;
  const page = at(WITH_GET_CALL);
  const p95 = at('Get Call visible p95');
  const growth = fits['page (index.html)']?.slope;
  const build = BUILD_STAGES.every((name) => at(name) !== undefined)
    ? BUILD_STAGES.reduce((sum, name) => sum + at(name), 0)
    : undefined;
  const superlinear = timedRows.filter((name) => fits[name] && fits[name].exponent > GOALS.exponent);
  const unfitted = timedRows.filter((name) => !fits[name]);
  const list = [
    verdict(
      `what a reader opening Get Call loads (index.html, its area and route files) under ${GOALS.pageBytes / 1e6} MB`,
      page === undefined ? undefined : `${((page * 1024) / 1e6).toFixed(2)} MB`,
      page * 1024 < GOALS.pageBytes,
    ),
    verdict(
      `index.html does not grow with the operations (at most ${GOALS.pageGrowthKiB} KiB per operation)`,
      growth === undefined ? undefined : `${growth.toFixed(2)} KiB per operation`,
      growth <= GOALS.pageGrowthKiB,
    ),
    verdict(
      `Get Call visible under ${GOALS.getCallP95Seconds} s at p95`,
      p95 === undefined ? undefined : `${(p95 * 1000).toFixed(0)} ms`,
      p95 < GOALS.getCallP95Seconds,
    ),
    verdict(
      `pnpm build's stages, summed one after the other (an upper bound: turbo runs them side by side), under ${GOALS.buildSeconds / 60} min`,
      build === undefined ? undefined : `${(build / 60).toFixed(1)} min`,
      build < GOALS.buildSeconds,
    ),
    verdict(
      `every timed stage linear or better (k at most ${GOALS.exponent}, noise allowed)`,
      timedRows.length && !unfitted.length
        ? superlinear.length
          ? `above: ${superlinear.join(', ')}`
          : 'all'
        : undefined,
      superlinear.length === 0,
    ),
  ];
  console.log(`\nGoals at ${largest.n} operations (the issue's are set at 500):`);
  console.table(list);
  return list.every((g) => g.verdict === 'MET');
}

async function main() {
  console.log(
    `Scale bench. Method: a temporary copy of the repository's tracked files (pnpm install --offline), its spec grown to ` +
      `${sizes.join(', ')} operations (bench/scale/grow-spec.mjs); ` +
      'each stage run once, cold, with the project commands, one after the other; wall time from start to exit. ' +
      `Machine: ${execFileSync('nproc', { encoding: 'utf8' }).trim()} cores, load average at start ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.`,
  );
  const copy = copyRepository();
  await useCopy(copy);
  const list = stages(copy);
  const rowNames = list.flatMap(rowsOf);
  const results = [];
  let met = false;
  try {
    for (const n of sizes) {
      const added = resetSpec(copy, n);
      const row = { n, stages: {} };
      for (const stage of list) Object.assign(row.stages, await runStage(copy, stage));
      results.push(row);
      console.log(`\n${n} operations (${added} added to the repository's spec):`);
      console.table(
        rowNames.map((name) => ({ stage: name, result: row.stages[name].text ?? `FAILED ${row.stages[name].error}` })),
      );
    }
    const fits = report(results, rowNames);
    const timed = list.filter((stage) => !stage.measure).map((stage) => stage.name);
    met = goals(results.at(-1), fits, timed);
  } finally {
    if (options.keep) console.log(`The copy is kept at ${copy} (its stage logs in bench-logs/).`);
    else rmSync(copy, { recursive: true, force: true });
  }
  const failed = results.some((r) => Object.values(r.stages).some((s) => s.error));
  if (failed) console.error('A stage failed: its first error line is in the table above.');
  if (!met) console.error('A goal is missed or was not measured in this run: see the goals table.');
  if (failed || !met) process.exitCode = 1;
}

await main();

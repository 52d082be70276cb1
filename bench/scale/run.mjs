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
import { cpSync, createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** A stage: a name and the commands it runs; `measure` (optional) reads a figure instead of timing. */
function stages(copy) {
  const docs = join(copy, 'packages/docs/dist');
  const list = [
    ['lint', [pnpm('@chatplatform/spec', 'run', 'lint')]],
    ['bundle', [pnpm('@chatplatform/spec', 'run', 'bundle')]],
    ['client', [pnpm('@chatplatform/client', 'run', 'generate'), pnpm('@chatplatform/client', 'run', 'build')]],
    ['mock', [pnpm('@chatplatform/mock', 'run', 'build'), ['node', [join(repo, 'bench/scale/mock-call.mjs'), copy]]]],
    [
      'contract',
      [
        pnpm('@chatplatform/contract', 'run', 'build'),
        ['node', ['packages/contract/dist/cli.js', 'validate', join(copy, 'bench-logs/exchanges.ndjson')]],
      ],
    ],
    ...SDK_LANGUAGES.map((lang) => [
      `sdk ${lang}`,
      [
        ['node', ['packages/sdks/scripts/generate.mjs', lang]],
        ['node', ['packages/sdks/scripts/build.mjs', lang]],
      ],
    ]),
    ['docs build', [pnpm('@chatplatform/docs', 'run', 'build')]],
    ['page size', [], () => pageSize(docs)],
    ['Get Call visible p95', [], () => getCallVisible(copy)],
    [
      'docs tests',
      [pnpm('@chatplatform/docs', 'exec', 'vitest', 'run', 'test/e2e/samples.test.ts', 'test/e2e/prerender.test.ts')],
    ],
  ];
  const only = options.stages?.split(',').map((s) => s.trim());
  return only ? list.filter(([name]) => only.some((o) => name.startsWith(o))) : list;
}

function pageSize(docs) {
  const bytes = readFileSync(join(docs, 'index.html'));
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  return {
    value: bytes.length / 1024,
    text: `${kib(bytes.length)} (${kib(gzipSync(bytes).length)} gzip)`,
    unit: 'KiB',
  };
}

async function getCallVisible(copy) {
  const error = await run(copy, 'docs-bench', 'pnpm', ['--filter', '@chatplatform/docs', 'run', 'bench'], {
    DOCS_BENCH_RUNS: '7',
  });
  const log = readFileSync(join(copy, 'bench-logs/docs-bench.log'), 'utf8');
  const p95 = [...log.matchAll(/after: Get Call visible at p95 (\d+) ms/g)].at(-1)?.[1];
  if (error || !p95) return { error: error ?? 'the docs bench printed no p95' };
  return { value: Number(p95) / 1000, text: `${p95} ms (7 cold runs)`, unit: 's' };
}

async function runStage(copy, [name, commands, measure]) {
  if (measure) return measure();
  const started = performance.now();
  for (const [command, args] of commands) {
    const error = await run(copy, name.replace(/\s+/g, '-'), command, args);
    if (error) return { error: `after ${((performance.now() - started) / 1000).toFixed(1)} s, ${error}` };
  }
  const seconds = (performance.now() - started) / 1000;
  return { value: seconds, text: `${seconds.toFixed(1)} s`, unit: 's' };
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

function report(results, stageNames) {
  console.log('\nFitted growth per stage over the sizes that passed (t = a + b·N; k: t ∝ N^k, smallest to largest):');
  const rows = stageNames.map((name) => {
    const points = results.map((r) => ({ n: r.n, ...r.stages[name] })).filter((p) => p.value !== undefined);
    if (points.length < 2) return { stage: name, fit: 'fewer than two sizes passed' };
    const { intercept, slope, exponent } = linearFit(points);
    const unit = points[0].unit;
    return {
      stage: name,
      'a (at 0 operations)': `${intercept.toFixed(2)} ${unit}`,
      'b (per operation)': unit === 's' ? `${(slope * 1000).toFixed(1)} ms` : `${slope.toFixed(1)} ${unit}`,
      k: exponent.toFixed(2),
    };
  });
  console.table(rows);
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
  const results = [];
  try {
    for (const n of sizes) {
      const added = resetSpec(copy, n);
      const row = { n, stages: {} };
      for (const stage of list) row.stages[stage[0]] = await runStage(copy, stage);
      results.push(row);
      console.log(`\n${n} operations (${added} added to the repository's spec):`);
      console.table(
        list.map(([name]) => ({ stage: name, result: row.stages[name].text ?? `FAILED ${row.stages[name].error}` })),
      );
    }
    report(
      results,
      list.map(([name]) => name),
    );
  } finally {
    if (options.keep) console.log(`The copy is kept at ${copy} (its stage logs in bench-logs/).`);
    else rmSync(copy, { recursive: true, force: true });
  }
  if (results.some((r) => Object.values(r.stages).some((s) => s.error))) process.exitCode = 1;
}

await main();

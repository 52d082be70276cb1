// The validating proxy beside `redocly proxy` (the @redocly/cli pinned in this package), one run,
// same work on both sides: each proxy sits on 127.0.0.1 in front of the same loopback upstream
// answering the spec's CallInitiated example, validates every exchange against the bundled spec
// and writes a HAR file. Rows: start time (spawn → first answer through the proxy), requests/s
// (REQUESTS Get Calls, CONCURRENCY keep-alive connections), peak RSS (VmHWM), each the median of
// RUNS runs, and the ratio. Each side's verdict (exit code, summary) is printed beside its row.
// Then the memory row: our proxy's RSS before and after MEMORY_REQUESTS requests.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { bundledSpecPath } from '../dist/index.js';

const RUNS = Number(process.env.PROXY_BENCH_RUNS ?? 3);
const REQUESTS = Number(process.env.PROXY_BENCH_REQUESTS ?? 3_000);
const CONCURRENCY = 8;
const WARM_UP = 500;
const MEMORY_REQUESTS = Number(process.env.PROXY_BENCH_MEMORY_REQUESTS ?? 100_000);
const KEY = 'bench-apikey';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const ourCli = join(packageDir, 'dist', 'cli.js');
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const body = JSON.stringify(spec.components.examples.CallInitiated.value);
const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));

const upstream = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(body);
});
upstream.listen(0, '127.0.0.1');
await once(upstream, 'listening');
const upstreamOrigin = `http://127.0.0.1:${upstream.address().port}`;

// Both commands need a port: ours takes 0, Redocly's does not report the one it got, so a free
// port is picked for both the same way.
const sides = {
  'chatplatform-contract proxy': (port, har) => [
    ourCli,
    'proxy',
    '--upstream',
    `${upstreamOrigin}/v3`,
    '--port',
    String(port),
    '--har',
    har,
  ],
  'redocly proxy': (port, har) => [
    redoclyCli,
    'proxy',
    '--target',
    upstreamOrigin,
    '--port',
    String(port),
    '--har',
    har,
    '--api',
    bundledSpecPath('yaml'),
    '--match-mode',
    'basepath',
  ],
};
// Requests to our proxy carry the path below the upstream's base path; Redocly's target is the origin.
const pathFor = { 'chatplatform-contract proxy': '/calls/sess-1', 'redocly proxy': '/v3/calls/sess-1' };

function get(agent, port, path) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { apikey: KEY, accept: 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
  });
}

async function firstAnswer(port, path, child) {
  const agent = new http.Agent({ keepAlive: false });
  for (let tries = 0; tries < 6000 && child.exitCode === null; tries++) {
    try {
      return await get(agent, port, path);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  throw new Error('the proxy did not answer within 30 s');
}

async function load(port, path, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = 0;
  let non200 = 0;
  const worker = async () => {
    while (next++ < count) if ((await get(agent, port, path)) !== 200) non200++;
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { rate: count / seconds, non200 };
}

function rssOf(pid, field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function stop(child) {
  const exited = once(child, 'exit');
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code] = await exited;
  clearTimeout(timer);
  return code;
}

function spawnSide(name, port, har) {
  const child = spawn(process.execPath, sides[name](port, har), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return { child, output: () => output };
}

async function runOnce(name, run) {
  const port = await getPort({ host: '127.0.0.1' });
  const har = join(dir, `${name.split(' ')[0]}-${run}.har`);
  const started = performance.now();
  const { child, output } = spawnSide(name, port, har);
  const firstStatus = await firstAnswer(port, pathFor[name], child);
  const startMs = performance.now() - started;
  await load(port, pathFor[name], WARM_UP);
  const { rate, non200 } = await load(port, pathFor[name], REQUESTS);
  const peakMb = rssOf(child.pid, 'VmHWM');
  const code = await stop(child);
  return { startMs, rate, peakMb, code, firstStatus, non200, output: output() };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The last lines each side prints when stopped: its verdict on what it saw. */
function verdictOf(result) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes start with ESC.
  const text = result.output.replace(/\u001b\[[0-9;]*m/g, '');
  const ours = /Validating proxy stopped:[^\n]*/.exec(text)?.[0];
  const redocly = [/Exchanges: [^\n]*/.exec(text)?.[0], /Findings: [^\n]*/.exec(text)?.[0]].filter(Boolean);
  const lines = ours ? [ours] : redocly.length > 0 ? redocly : text.trim().split('\n').slice(-2);
  return `exit ${result.code}; ${lines.join(' / ').slice(0, 160)}`;
}

async function compare() {
  const results = {};
  for (const name of Object.keys(sides)) {
    results[name] = [];
    for (let run = 0; run < RUNS; run++) results[name].push(await runOnce(name, run));
  }
  const row = (name) => {
    const r = results[name];
    return {
      start: median(r.map((x) => x.startMs)),
      rate: median(r.map((x) => x.rate)),
      peak: median(r.map((x) => x.peakMb)),
      last: r.at(-1),
    };
  };
  const ours = row('chatplatform-contract proxy');
  const theirs = row('redocly proxy');
  console.log(`| proxy | start → first answer | requests/s | peak RSS | non-200 | verdict (last run) |`);
  console.log(`|---|---:|---:|---:|---:|---|`);
  for (const [name, r] of [
    ['chatplatform-contract proxy', ours],
    ['redocly proxy', theirs],
  ]) {
    console.log(
      `| ${name} | ${r.start.toFixed(0)} ms | ${r.rate.toFixed(0)} | ${r.peak.toFixed(0)} MB | ${r.last.non200} | ${verdictOf(r.last)} |`,
    );
  }
  console.log(
    `| ratio (ours vs Redocly) | ${(theirs.start / ours.start).toFixed(2)}× faster | ${(ours.rate / theirs.rate).toFixed(2)}× | ${(theirs.peak / ours.peak).toFixed(2)}× less | | |`,
  );
}

async function memory() {
  const port = await getPort({ host: '127.0.0.1' });
  const har = join(dir, 'memory.har');
  const { child, output } = spawnSide('chatplatform-contract proxy', port, har);
  const path = pathFor['chatplatform-contract proxy'];
  await firstAnswer(port, path, child);
  await load(port, path, WARM_UP);
  const samples = [['before', rssOf(child.pid, 'VmRSS')]];
  const started = performance.now();
  const step = MEMORY_REQUESTS / 10;
  for (let sent = step; sent <= MEMORY_REQUESTS; sent += step) {
    await load(port, path, step);
    if (sent === step || sent === MEMORY_REQUESTS / 2 || sent === MEMORY_REQUESTS)
      samples.push([sent.toLocaleString('en'), rssOf(child.pid, 'VmRSS')]);
  }
  const rate = MEMORY_REQUESTS / ((performance.now() - started) / 1000);
  const peak = rssOf(child.pid, 'VmHWM');
  const code = await stop(child);
  console.log(`| ${samples.map(([label]) => `RSS ${label}`).join(' | ')} | peak RSS | requests/s | verdict |`);
  console.log(`|${samples.map(() => '---:|').join('')}---:|---:|---|`);
  console.log(
    `| ${samples.map(([, mb]) => `${mb.toFixed(0)} MB`).join(' | ')} | ${peak.toFixed(0)} MB | ${rate.toFixed(0)} | ${verdictOf({ code, output: output() })} |`,
  );
}

try {
  console.log(`Method: each proxy is spawned ${RUNS}× on 127.0.0.1 in front of one loopback upstream answering the`);
  console.log(`spec's CallInitiated example; both validate against the bundled spec and write HAR. Start: spawn →`);
  console.log(
    `first answer through the proxy. Requests/s: ${REQUESTS.toLocaleString('en')} Get Calls over ${CONCURRENCY} keep-alive connections,`,
  );
  console.log(`after ${WARM_UP} warm-up requests (the JIT's first minute is not the proxy's steady state).`);
  console.log(
    `Peak RSS: the proxy process's VmHWM after the load. Medians of ${RUNS} runs; verdict: exit code and summary on SIGINT.\n`,
  );
  await compare();
  console.log(
    `\nMemory: our proxy (with --har) after ${WARM_UP} warm-up requests, then ${MEMORY_REQUESTS.toLocaleString('en')} more; RSS (from /proc)\nbefore them and after the first tenth, half and all: flat from the first tenth on means nothing accumulates.\n`,
  );
  await memory();
} finally {
  upstream.close();
  rmSync(dir, { recursive: true, force: true });
}

// Exchanges validated per second: this package's validator on 100,000 NDJSON Get Call exchanges,
// beside Prism's validating proxy checking the same exchanges (a 2,000-exchange sample sent
// through `prism proxy` to a loopback upstream that replays the recorded responses).
// Both are measured in this one run and printed as one table with the ratio.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { bundledSpecPath, ExchangeValidator, validateRecording } from '../dist/index.js';
import { freePort, prismBin, stopProcess } from '@chatplatform/mock';

const EXCHANGES = 100_000;
const PRISM_SAMPLE = 2_000;
const PRISM_CONCURRENCY = 8;

const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const bodies = [spec.components.examples.CallInitiated.value, spec.components.examples.CallEndedWithRecording.value];
const exchangeAt = (i) => ({
  request: { method: 'GET', url: `https://a1b2c3.call-eu.cometchat.io/v3/calls/session-${i}`, headers: { apikey: 'bench-key', accept: 'application/json' } },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body: bodies[i % 2] },
});

const dir = mkdtempSync(join(tmpdir(), 'contract-bench-'));
const file = join(dir, 'get-call.ndjson');
const out = createWriteStream(file);
for (let i = 0; i < EXCHANGES; i++) {
  if (!out.write(`${JSON.stringify(exchangeAt(i))}\n`)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');

// Upstream for Prism: answers each Get Call with the recorded response of that exchange.
const upstream = http.createServer((req, res) => {
  const i = Number(/session-(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(exchangeAt(i).response.body));
});
upstream.listen(0, '127.0.0.1');
await once(upstream, 'listening');
// Prism logs at warn level (no per-request log lines to format); readiness is polled on a probed free port.
const prismPort = await freePort();
const prism = spawn(
  process.execPath,
  [prismBin(), 'proxy', bundledSpecPath('yaml'), `http://127.0.0.1:${upstream.address().port}/v3`, '--host', '127.0.0.1', '--port', String(prismPort), '-v', 'warn'],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
await waitForPort(prismPort, prism);

async function waitForPort(port, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited with ${child.exitCode}`);
    const up = await new Promise((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/' }, (res) => resolve(res.resume() && true)).on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('prism did not listen within 60 s');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: PRISM_CONCURRENCY });
let prismViolations = 0;
function throughPrism(i) {
  const { request } = exchangeAt(i);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: prismPort, path: new URL(request.url).pathname.replace(/^\/v3/, ''), headers: request.headers, agent }, (res) => {
      if (res.headers['sl-violations']) prismViolations++;
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
  });
}
async function prismSample() {
  let next = 0;
  const worker = async () => {
    while (next < PRISM_SAMPLE) await throughPrism(next++);
  };
  await Promise.all(Array.from({ length: PRISM_CONCURRENCY }, worker));
}

const validator = new ExchangeValidator();
let contractViolating = -1;
const bench = new Bench({ iterations: 3, time: 0, warmupIterations: 1, warmupTime: 0 });
bench.add(`contract validate (${EXCHANGES.toLocaleString('en')} NDJSON exchanges from a file)`, async () => {
  const summary = await validateRecording(file, { validator });
  if (summary.exchanges !== EXCHANGES) throw new Error(`read ${summary.exchanges} exchanges, expected ${EXCHANGES}`);
  contractViolating = summary.violating;
});
bench.add(`Prism 5.14.2 proxy (${PRISM_SAMPLE.toLocaleString('en')} exchanges, ${PRISM_CONCURRENCY} in flight)`, prismSample);
try {
  await bench.run();
} finally {
  await stopProcess(prism);
  agent.destroy();
  upstream.closeAllConnections();
  upstream.close();
  rmSync(dir, { recursive: true, force: true });
}

const [ours, theirs] = bench.tasks;
const rate = (task, n) => {
  if (task.result.state !== 'completed') throw new Error(`${task.name}: ${task.result.state} ${task.result.error ?? ''}`);
  return (n * 1000) / task.result.latency.mean;
};
const oursRate = rate(ours, EXCHANGES);
const prismRate = rate(theirs, PRISM_SAMPLE);
const row = (task, n, perSecond) => ({
  task: task.name,
  'runs': task.result.latency.samplesCount,
  'mean per run (ms)': Math.round(task.result.latency.mean),
  'rme (%)': Number(task.result.latency.rme.toFixed(1)),
  'exchanges/s': Math.round(perSecond),
  'ratio vs Prism': `${(perSecond / prismRate).toFixed(1)}×`,
});
console.table([row(ours, EXCHANGES, oursRate), row(theirs, PRISM_SAMPLE, prismRate)]);
console.log(`validator: ${contractViolating} violating exchanges of ${EXCHANGES} (expected 0); Prism flagged ${prismViolations} responses`);
console.log(`goals: ≥ 50,000 exchanges/s on one core: ${oursRate >= 50_000 ? 'met' : 'NOT met'}; ≥ 20× Prism: ${oursRate / prismRate >= 20 ? 'met' : 'NOT met'}`);

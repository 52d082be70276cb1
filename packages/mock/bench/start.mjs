// Start-up bench: how long until the mock answers its first request, cold and warm; cold with the
// build's cached operations (dist/operations.json) and with the spec read and dereferenced, side by side.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '@chatplatform/spec';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const GOAL_MS = 300;

// The same document in other bytes (one more newline): the cache is keyed by the bytes, so this
// mock reads and dereferences the spec as every start did before the cache.
const temp = mkdtempSync(join(tmpdir(), 'mock-bench-'));
const uncachedSpec = join(temp, 'openapi.json');
writeFileSync(uncachedSpec, `${readFileSync(bundledSpecPath('json'), 'utf8')}\n`);

/** One start in a fresh Node: import, then startMock() until Get Call answers 200 on its production path. */
const once = (spec) => `
  const t0 = performance.now();
  const { startMock } = await import(${JSON.stringify(entry)});
  const t1 = performance.now();
  const mock = await startMock(${spec ? `{ spec: ${JSON.stringify(spec)} }` : ''});
  const res = await fetch(mock.url + '/v3/calls/bench', { headers: { apikey: 'bench' } });
  await res.body?.cancel();
  const t2 = performance.now();
  if (res.status !== 200) throw new Error('Get Call answered ' + res.status);
  await mock.stop();
  console.log(JSON.stringify([t1 - t0, t2 - t1]));
`;

function cold(spec) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', once(spec)]);
  return JSON.parse(out.toString());
}

async function warm() {
  const { startMock } = await import(entry);
  (await startMock()).stop(); // loads the modules and the operations once
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const mock = await startMock();
    const res = await fetch(`${mock.url}/v3/calls/bench`, { headers: { apikey: 'bench' } });
    await res.body?.cancel();
    times.push(performance.now() - t);
    await mock.stop();
  }
  return times;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ms) => (ms < GOAL_MS ? 'met' : 'missed');
// Alternating, run by run, so that both sides meet the same load.
const cached = [];
const read = [];
for (let i = 0; i < RUNS; i++) {
  cached.push(cold());
  read.push(cold(uncachedSpec));
}
const warms = await warm();
rmSync(temp, { recursive: true, force: true });

const row = (phase, ms, goal = '—', ratio = '—') =>
  console.log(`| ${phase} | ${ms.toFixed(0)} | ${ratio} | ${goal} | ${goal === '—' ? '—' : verdict(ms)} |`);
const readStart = median(read.map(([, start]) => start));
const cachedStart = median(cached.map(([, start]) => start));

console.log(`Method: ${RUNS} runs a side on 127.0.0.1. "cold" is a fresh Node process: import of @chatplatform/mock`);
console.log("(Prism's modules), then startMock() until Get Call on /v3/calls/{id} answers 200; the two cold sides");
console.log("alternate run by run: the build's cached operations (the bundle as published), and the spec read and");
console.log('dereferenced (the same document with one more newline, so its bytes miss the cache). "warm" is');
console.log('startMock() until that answer in a process that has already started one mock. Medians.');
console.log('');
console.log('| phase | median ms | ratio to spec read | goal | verdict |');
console.log('|---|---:|---:|---|---|');
row("cold: import Prism's modules", median(cached.map(([load]) => load)));
row('cold: startMock + first answer, spec read', readStart, `< ${GOAL_MS} ms`, '1.00');
row('cold: startMock + first answer, cached', cachedStart, `< ${GOAL_MS} ms`, (cachedStart / readStart).toFixed(2));
row('warm: startMock + first answer', median(warms), `< ${GOAL_MS} ms`);

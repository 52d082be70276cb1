// Start-up bench: how long until the mock answers its first request, cold and warm; cold before and after
// the build cached Prism's operations and stopped Prism validating its own answers, side by side.
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

/** One start in a fresh Node: import, then startMock(options) until Get Call answers 200 on its production path. */
const once = (options) => `
  const t0 = performance.now();
  const { startMock } = await import(${JSON.stringify(entry)});
  const t1 = performance.now();
  const mock = await startMock(${JSON.stringify(options)});
  const res = await fetch(mock.url + '/v3/calls/bench', { headers: { apikey: 'bench' } });
  await res.body?.cancel();
  const t2 = performance.now();
  if (res.status !== 200) throw new Error('Get Call answered ' + res.status);
  await mock.stop();
  console.log(JSON.stringify([t1 - t0, t2 - t1]));
`;

function cold(options) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', once(options)]);
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

// The cold sides. `errors: true` keeps Prism validating its answers (validateResponse), as every
// start did before; for a valid request and a valid answer it does no other work.
const SIDES = [
  { name: 'before: spec read, answers validated', options: { spec: uncachedSpec, errors: true } },
  { name: 'cached operations, answers validated', options: { errors: true } },
  { name: 'after: cached operations (default)', options: {} },
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ms) => (ms < GOAL_MS ? 'met' : 'missed');
// Alternating, run by run, so that every side meets the same load.
const colds = SIDES.map(() => []);
for (let i = 0; i < RUNS; i++) {
  SIDES.forEach((side, s) => {
    colds[s].push(cold(side.options));
  });
}
const warms = await warm();
rmSync(temp, { recursive: true, force: true });

const starts = colds.map((runs) => median(runs.map(([, start]) => start)));
const row = (phase, ms, ratio = '—', goal = true) =>
  console.log(
    `| ${phase} | ${ms.toFixed(0)} | ${ratio} | ${goal ? `< ${GOAL_MS} ms` : '—'} | ${goal ? verdict(ms) : '—'} |`,
  );

console.log(`Method: ${RUNS} runs a side on 127.0.0.1. "cold" is a fresh Node process: import of @chatplatform/mock`);
console.log("(Prism's modules), then startMock() until Get Call on /v3/calls/{id} answers 200. The cold sides");
console.log('alternate run by run: "spec read" is the same document with one more newline, so its bytes miss the');
console.log('build\'s cached operations and it is read and dereferenced; "answers validated" is `errors: true`,');
console.log('with which Prism validates its answers as every start did before. "warm" is startMock() until that');
console.log('answer in a process that has already started one mock. Medians.');
console.log('');
console.log('| phase | median ms | ratio to before | goal | verdict |');
console.log('|---|---:|---:|---|---|');
row("cold: import Prism's modules", median(colds[2].map(([load]) => load)), '—', false);
SIDES.forEach((side, s) => {
  row(`cold: startMock + first answer, ${side.name}`, starts[s], (starts[s] / starts[0]).toFixed(2));
});
row('warm: startMock + first answer', median(warms));

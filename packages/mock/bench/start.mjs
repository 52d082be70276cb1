// Start-up bench: how long until the mock answers its first request, cold and warm.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const GOAL_MS = 300;

/** One start: startMock() until Get Call answers 200 on its production path; then stop. */
const once = `
  const t0 = performance.now();
  const { startMock } = await import(${JSON.stringify(entry)});
  const t1 = performance.now();
  const mock = await startMock();
  const res = await fetch(mock.url + '/v3/calls/bench', { headers: { apikey: 'bench' } });
  await res.body?.cancel();
  const t2 = performance.now();
  if (res.status !== 200) throw new Error('Get Call answered ' + res.status);
  await mock.stop();
`;

function cold() {
  const out = execFileSync(process.execPath, [
    '--input-type=module',
    '-e',
    `${once} console.log(JSON.stringify([t1 - t0, t2 - t1]));`,
  ]);
  return JSON.parse(out.toString());
}

async function warm() {
  const { startMock } = await import(entry);
  (await startMock()).stop(); // loads the modules and resolves the spec once
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
const colds = Array.from({ length: RUNS }, cold);
const warms = await warm();
const loadMs = median(colds.map(([load]) => load));
const coldStartMs = median(colds.map(([, start]) => start));
const warmMs = median(warms);

console.log(`Method: ${RUNS} runs each on 127.0.0.1, the bundled spec. "cold" is a fresh Node process: import of`);
console.log("@chatplatform/mock (Prism's modules), then startMock() until Get Call on /v3/calls/{id} answers 200.");
console.log('"warm" is startMock() until that answer in a process that has already started one mock. Medians.');
console.log('');
console.log('| phase | median ms | goal | verdict |');
console.log('|---|---:|---|---|');
console.log(`| cold: import Prism's modules | ${loadMs.toFixed(0)} | — | — |`);
console.log(
  `| cold: startMock + first answer | ${coldStartMs.toFixed(0)} | < ${GOAL_MS} ms | ${coldStartMs < GOAL_MS ? 'met' : 'missed'} |`,
);
console.log(
  `| warm: startMock + first answer | ${warmMs.toFixed(0)} | < ${GOAL_MS} ms | ${warmMs < GOAL_MS ? 'met' : 'missed'} |`,
);

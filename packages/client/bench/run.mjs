// `pnpm bench`: per-request overhead of calls.get against bare openapi-fetch and plain fetch (a
// stubbed fetch, then a loopback HTTP server), and, for information, the size of the built entry.
// All figures come from this one run. Needs the built package (turbo's bench task builds it first).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import createOpenApiFetch from 'openapi-fetch';
import { Bench } from 'tinybench';
import { createClient } from '../dist/index.js';
import { bundleSize } from './size.mjs';

const SESSION = 'v1.us.208136f5ba34a5a2.1717412345c2f4d0a7c1e3b5f7a9c0d2e4f6a8b0c1d3e5f7';
const BODY = JSON.stringify({ data: [{ sessionId: SESSION, status: 'initiated', participants: [] }] });
const JSON_HEADERS = { 'content-type': 'application/json' };
const API_KEY = 'bench-key';

/** The three contenders over one fetch and base URL. */
function contenders(fetch, baseUrl) {
  const ours = createClient({ appId: 'app1', region: 'us', apiKey: API_KEY, baseUrl, fetch, env: {} });
  const bare = createOpenApiFetch({ baseUrl, fetch, headers: { apikey: API_KEY } });
  return {
    'plain fetch': async () => {
      const response = await fetch(
        new Request(`${baseUrl}/calls/${encodeURIComponent(SESSION)}`, { headers: { apikey: API_KEY } }),
      );
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    },
    'bare openapi-fetch': async () => {
      const { data, error } = await bare.GET('/calls/{sessionId}', { params: { path: { sessionId: SESSION } } });
      if (error !== undefined) throw new Error('error');
      return data;
    },
    'client calls.get': () => ours.calls.get(SESSION),
  };
}

/**
 * Ops/s of each contender: the median of ROUNDS short rounds, the task order rotated each round, so
 * that load from other processes on a shared machine hits every contender alike.
 */
const ROUNDS = 45;
async function measure(label, fns, { time }) {
  const names = Object.keys(fns);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ name: label, time: time / ROUNDS, warmupTime: round === 0 ? 200 : 20 });
    const order = names.map((_, i) => names[(i + round) % names.length]);
    for (const name of order) bench.add(name, fns[name]);
    await bench.run();
    for (const task of bench.tasks) {
      if (task.result.state !== 'completed')
        throw new Error(`${label} / ${task.name}: ${task.result.state} ${task.result.error ?? ''}`);
      samples[task.name].push(task.result.throughput.mean);
    }
  }
  return names.map((name) => {
    const xs = samples[name];
    const spread = ((Math.max(...xs) - Math.min(...xs)) / median(xs)) * 100;
    // Time relative to a baseline, per round (the two ran moments apart, under the same load), then the median.
    const relative = (baseline) => median(xs.map((ops, round) => samples[baseline][round] / ops));
    return { setup: label, name, ops: median(xs), spread, relative };
  });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const stubFetch = async () => new Response(BODY, { status: 200, headers: JSON_HEADERS });
const rows = await measure('stubbed fetch', contenders(stubFetch, 'http://127.0.0.1:1'), { time: 4500 });

const server = createServer((_req, res) => {
  res.writeHead(200, JSON_HEADERS).end(BODY);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const loopback = `http://127.0.0.1:${server.address().port}`;
try {
  rows.push(
    ...(await measure(
      'loopback HTTP',
      contenders((r) => globalThis.fetch(r), loopback),
      { time: 4500 },
    )),
  );
} finally {
  server.closeAllConnections();
  server.close();
}

const table = rows.map((r) => ({
  setup: r.setup,
  task: r.name,
  'ops/s': Math.round(r.ops),
  'range over rounds %': r.spread.toFixed(1),
  'time vs bare openapi-fetch': `${r.relative('bare openapi-fetch').toFixed(3)}×`,
  'time vs plain fetch': `${r.relative('plain fetch').toFixed(3)}×`,
}));
console.log(
  `\nPer-request cost: median ops/s of ${ROUNDS} rounds (higher is better); a ratio is the time per request relative to the baseline in the same round, median of the ${ROUNDS} rounds`,
);
console.table(table);

const size = (entry) => bundleSize(fileURLToPath(new URL(entry, import.meta.url)));
const kB = (n) => `${(n / 1000).toFixed(2)} kB`;
const sizes = [
  ['@chatplatform/client (dist/index.js, openapi-fetch included)', await size('../dist/index.js')],
  ['openapi-fetch alone', await size('./openapi-fetch-entry.mjs')],
];
console.log('\nSize of the built entry, for information (esbuild --bundle --minify, ES2022, gzip -9); no goal');
console.table(sizes.map(([name, s]) => ({ entry: name, minified: kB(s.min), 'min+gzip': kB(s.gzip) })));

const TIME_GOAL = 1.1;
const verdicts = table
  .filter((t) => t.task === 'client calls.get')
  .map((t) => {
    const ratio = Number.parseFloat(t['time vs bare openapi-fetch']);
    return `${t.setup}: ${ratio.toFixed(3)}× ${ratio <= TIME_GOAL ? 'met' : 'NOT MET'}`;
  });
console.log(`\ncalls.get time vs bare openapi-fetch (goal ≤ ${TIME_GOAL.toFixed(2)}×): ${verdicts.join('; ')}`);

// The benches' inputs: generated Get Call exchanges, the same ones as NDJSON and as HAR, all
// conforming ("valid") or one in VIOLATING_EVERY violating (`data` as an object, what the
// platform's later versions send: "mix").
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledSpecPath, HarWriter } from '../dist/index.js';

export const VIOLATING_EVERY = 10;

const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const good = spec.components.examples.CallInitiated.value;
const exchangeAt = (i, violating) => ({
  request: {
    method: 'GET',
    url: `https://a1b2c3.call-eu.cometchat.io/v3/calls/session-${i}`,
    headers: { apikey: 'bench-key' },
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(violating ? { data: good.data[0] } : good),
  },
});

/** Writes `count` exchanges as `name`.ndjson and `name`.har in `dir`; returns both paths and the expected verdicts. */
export async function writeInputs(dir, name, count, isViolating) {
  const ndjson = join(dir, `${name}.ndjson`);
  const har = join(dir, `${name}.har`);
  const out = createWriteStream(ndjson);
  const harOut = new HarWriter(har);
  const started = new Date();
  let violating = 0;
  for (let i = 0; i < count; i++) {
    const exchange = exchangeAt(i, isViolating(i));
    if (isViolating(i)) violating++;
    await harOut.add(exchange, started, 1);
    if (!out.write(`${JSON.stringify(exchange)}\n`)) await once(out, 'drain');
  }
  out.end();
  await Promise.all([once(out, 'finish'), harOut.close()]);
  return { ndjson, har, expected: { conforming: count - violating, violating } };
}

export const isMix = (i) => i % VIOLATING_EVERY === 0;
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

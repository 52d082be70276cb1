// The router's cost per request: every operation of a spec matched in turn, on the bundled spec
// and on a spec grown to ROUTER_OPERATIONS operations of the shapes real APIs have (a list and a
// create on each collection, get, update and delete on its items, literal sub-resources beside
// templated ones). Each row: nanoseconds per match, median of 5 runs of MATCHES matches.
import { readFileSync } from 'node:fs';
import { bundledSpecPath } from '../dist/index.js';
import { OperationRouter } from '../dist/route/operation-router.js';
import { median } from './inputs.mjs';

const ROUTER_OPERATIONS = Number(process.env.CONTRACT_BENCH_ROUTER_OPERATIONS ?? 400);
const MATCHES = 200_000;
const respond = (operationId) => ({ operationId, responses: { 200: { description: 'ok' } } });

/** A spec of `operations` operations: per collection, list + create, get + update + delete, and a literal `latest`. */
function grownSpec(operations) {
  const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
  const paths = { ...spec.paths };
  for (let i = 0; Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0) < operations; i++) {
    paths[`/area${i}`] = { get: respond(`list-${i}`), post: respond(`create-${i}`) };
    paths[`/area${i}/{id}`] = { get: respond(`get-${i}`), put: respond(`update-${i}`), delete: respond(`delete-${i}`) };
    paths[`/area${i}/latest`] = { get: respond(`latest-${i}`) };
  }
  return { ...spec, paths };
}

/** A concrete request path for every path of the spec, under the root server's /v3. */
function requests(spec) {
  const base = (item) => (item.servers ?? spec.servers)[0].url.match(/^[a-z]+:\/\/[^/]+(\/.*)?$/i)?.[1] ?? '';
  return Object.entries(spec.paths).map(([template, item]) => ({
    method: Object.keys(item)
      .find((key) => key !== 'servers' && key !== 'parameters')
      .toUpperCase(),
    path: `${base(item)}${template.replace(/\{[^}]+\}/g, 'x1')}`,
  }));
}

function time(router, list) {
  const runs = [];
  let unmatched = 0;
  for (let run = 0; run < 6; run++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < MATCHES; i++) {
      const { method, path } = list[i % list.length];
      if (router.match(method, path).kind !== 'operation') unmatched++;
    }
    if (run > 0) runs.push(Number(process.hrtime.bigint() - start) / MATCHES);
  }
  return { ns: median(runs), unmatched };
}

export function routerRows() {
  return [JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8')), grownSpec(ROUTER_OPERATIONS)].map((spec) => {
    const list = requests(spec);
    const { ns, unmatched } = time(new OperationRouter(spec), list);
    const operations = Object.values(spec.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    return {
      spec: `${operations} operations, ${list.length} paths`,
      'ns per match': Math.round(ns),
      'every request matched its operation': unmatched === 0 ? 'yes' : `NO: ${unmatched} unmatched`,
    };
  });
}

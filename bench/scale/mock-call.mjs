#!/usr/bin/env node
// The scale bench's mock stage (bench/scale/run.mjs), in the copy given as the first argument:
// starts the copy's mock on its grown bundle, sends every GET operation without path parameters,
// and Get Call, as a client would (production URL, origin swapped) and writes each exchange to
// bench-logs/exchanges.ndjson, which the contract stage validates. Exits non-zero when the mock
// answers an operation outside 2xx.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const copy = process.argv[2];
const { startMock } = await import(pathToFileURL(join(copy, 'packages/mock/dist/index.js')).href);
const spec = JSON.parse(readFileSync(join(copy, 'spec/dist/openapi.json'), 'utf8'));

const withDefaults = (server) =>
  server.url.replace(/\{([^}]+)\}/g, (_, name) => server.variables?.[name]?.default ?? name);

/** The production URL and headers of every GET operation the bench can call without inventing values. */
function requests() {
  const list = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    const operation = item.get;
    if (!operation || (path.includes('{') && operation.operationId !== 'get-call')) continue;
    const server = (operation.servers ?? item.servers ?? spec.servers)[0];
    const concrete = path.replace('{sessionId}', 'scale-bench-session');
    const management = (operation.security ?? spec.security).some((s) => 'managementKey' in s);
    const headers = management ? { key: 'bench-key', secret: 'bench-secret' } : { apikey: 'bench-key' };
    list.push({ url: `${withDefaults(server)}${concrete}`, headers });
  }
  return list;
}

const mock = await startMock();
const lines = [];
let failed = 0;
try {
  for (const { url, headers } of requests()) {
    const response = await fetch(mock.urlFor(url), { headers });
    const body = await response.text();
    if (response.status < 200 || response.status > 299) failed++;
    lines.push(
      JSON.stringify({
        request: { method: 'GET', url, headers },
        response: { status: response.status, headers: Object.fromEntries(response.headers), body: JSON.parse(body) },
      }),
    );
  }
} finally {
  await mock.stop();
}
mkdirSync(join(copy, 'bench-logs'), { recursive: true });
writeFileSync(join(copy, 'bench-logs/exchanges.ndjson'), `${lines.join('\n')}\n`);
console.log(`mock: ${lines.length} GET operation(s) called, ${failed} outside 2xx.`);
if (failed) process.exitCode = 1;

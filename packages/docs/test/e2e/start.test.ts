// `pnpm start` serves the docs and the mock side by side, prints both addresses, and Ctrl-C
// (SIGINT) stops both. The root script builds first; this runs the serving part on built output.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bundledSpecPath } from '@chatplatform/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { docsHtml, requireBuiltDocs, startDocsServer } from '../support/docs.js';

const started: ReturnType<typeof startDocsServer>['child'][] = [];
afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(args: string[] = []) {
  const run = startDocsServer(args);
  started.push(run.child);
  return run;
}

const refused = (url: string) =>
  fetch(url).then(
    () => false,
    () => true,
  );

describe('pnpm start', () => {
  it('serves the docs and the mock on loopback, and Ctrl-C stops both', async () => {
    requireBuiltDocs();
    const { child, ready, output } = start();
    const { docs, mock } = await ready;

    const page = await fetch(docs);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Get Call');
    // Kept and revalidated, not fetched whole on every load: the same build is answered 304.
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(docs, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect((await fetch(`${docs}openapi.yaml`)).status).toBe(200);
    // The page's download links (relative to the page) give the published bundle, byte for byte.
    for (const format of ['yaml', 'json'] as const) {
      const download = await fetch(`${docs}download/openapi.${format}`);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(readFileSync(bundledSpecPath(format)))).toBe(true);
    }
    expect((await fetch(`${docs}../../etc/passwd`)).status).toBe(404);
    // The prerendered operation pages the page loads by their address, and nothing beside them.
    const route = await fetch(`${docs}routes/calls/get-call.js`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toContain('text/javascript');
    expect(await route.text()).toContain('Get Call');
    expect((await fetch(`${docs}routes/calls/%2E%2E%2F%2E%2E%2Findex.html.js`)).status).toBe(404);
    expect((await fetch(`${docs}routes/calls/missing-operation.js`)).status).toBe(404);

    // The Try it panel's same-origin /mock paths, answered by the mock, and nothing else.
    const relayed = await fetch(`${docs}mock/v3/calls/any-session-id`, { headers: { apikey: 'start-test' } });
    expect(relayed.status).toBe(200);
    expect(((await relayed.json()) as { data: unknown[] }).data).toHaveLength(1);
    expect((await fetch(`${docs}mock//127.0.0.2/v3/calls/x`)).status).toBe(400);

    const call = await fetch(`${mock}/v3/calls/any-session-id`, { headers: { apikey: 'start-test' } });
    expect(call.status).toBe(200);
    expect(((await call.json()) as { data: unknown[] }).data).toHaveLength(1);

    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code, output().stderr).toBe(0);
    expect(output().stdout).toContain('Stopped the docs server and the mock.');
    await expect(refused(docs)).resolves.toBe(true);
    await expect(refused(mock)).resolves.toBe(true);
  });

  it('sends the page compressed as the browser accepts (brotli, gzip), the same bytes once decoded', async () => {
    requireBuiltDocs();
    const { child, ready } = start();
    const { docs } = await ready;
    const fetchRaw = (acceptEncoding: string) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
        get(docs, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        }).on('error', reject);
      });
    const page = readFileSync(docsHtml);
    const br = await fetchRaw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(page.length / 3);
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gzip = await fetchRaw('gzip, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);
    const plain = await fetchRaw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(page)).toBe(true);
    child.kill('SIGINT');
    await once(child, 'exit');
  });

  it('refuses a bad port with a message naming the flag', async () => {
    const { child, output } = start(['--docs-port', 'eighty']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output().stderr).toMatch(/--docs-port must be an integer from 0 to 65535, got "eighty"/);
  });
});

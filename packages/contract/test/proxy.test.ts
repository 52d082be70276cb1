import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecPath } from '../src/index.js';
import { cliPath, packageDir } from './helpers.js';

const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const conforming = spec.components.examples.CallInitiated.value;
const KEY = 'proxy-test-apikey-DO-NOT-PRINT';

/** The test's own upstream: a conforming Get Call, and one whose `data` is an object. */
let upstream: http.Server;
let upstreamUrl: string;
const seenByUpstream: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seenByUpstream.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    const body = req.url?.endsWith('/broken') ? { data: conforming.data[0] } : conforming;
    res.end(JSON.stringify(body));
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v3`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** Starts the CLI's proxy, waits for its URL, runs `traffic`, stops it with SIGTERM. */
async function proxyRun(traffic: (url: string) => Promise<void>, upstream = upstreamUrl) {
  const child = spawn(process.execPath, [cliPath, 'proxy', '--upstream', upstream], { cwd: packageDir });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = once(child, 'exit');
  const url = await new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const found = /Validating proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (found?.[1]) {
        clearInterval(poll);
        resolve(found[1]);
      }
    }, 50);
    exited.then(() => {
      clearInterval(poll);
      reject(new Error(`proxy exited before listening: ${stderr}`));
    });
  });
  try {
    await traffic(url);
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = await exited;
  return { code: code as number | null, stdout, stderr };
}

const getCall = (url: string, id: string, headers: Record<string, string> = { apikey: KEY }) =>
  fetch(`${url}/calls/${id}`, { headers }).then(async (r) => ({ status: r.status, violations: r.headers.get('sl-violations'), body: await r.json() }));

describe('proxy: Prism validating an upstream of our own', () => {
  it('passes conforming responses through and exits 0 with a clean summary', async () => {
    const run = await proxyRun(async (url) => {
      const answer = await getCall(url, 'sess-1');
      expect(answer.status).toBe(200);
      expect(answer.violations).toBeNull();
      expect(answer.body).toEqual(conforming);
    });
    expect(run.stdout).toContain('Validating proxy stopped: 1 exchange, 0 with violations.');
    expect(run.code).toBe(0);
    expect(seenByUpstream).toContain('/v3/calls/sess-1');
  });

  it('collects violations (non-conforming body, missing apikey) and exits 1 with a summary', async () => {
    const run = await proxyRun(async (url) => {
      const broken = await getCall(url, 'broken');
      expect(JSON.parse(broken.violations ?? '[]')).toEqual([
        expect.objectContaining({ location: ['response', 'body', 'data'], severity: 'Error' }),
      ]);
      await getCall(url, 'broken');
      await getCall(url, 'sess-2', {});
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Validating proxy stopped: 3 exchanges, 3 with violations.');
    expect(run.stdout).toContain('2× Error response.body.data: Response body property data must be array (e.g. GET /calls/broken → 200)');
    expect(run.stdout).toContain('1× Error request: Invalid security scheme used (e.g. GET /calls/sess-2 → 200)');
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('never prints credentials carried in the upstream URL', async () => {
    const withCredentials = upstreamUrl.replace('http://', `http://user:${KEY}@`) + `?apikey=${KEY}`;
    const run = await proxyRun(async () => {}, withCredentials);
    expect(run.stdout).toContain(`→ ${upstreamUrl} (Ctrl-C`);
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('refuses an upstream that is not an http(s) URL', async () => {
    const child = spawn(process.execPath, [cliPath, 'proxy', '--upstream', 'not a url'], { cwd: packageDir });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('--upstream must be an absolute http(s) URL');
  });
});

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledSpecPath, ExchangeValidator, type ExchangeReport, proxyExitCode, startValidatingProxy, type UpstreamFailure, validateRecording } from '../src/index.js';
import { cliPath, packageDir } from './helpers.js';

const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const getCallResponses = Object.keys(spec.paths['/calls/{sessionId}'].get.responses);
const conforming = spec.components.examples.CallInitiated.value;
const KEY = 'proxy-test-apikey-DO-NOT-PRINT';
const validator = new ExchangeValidator();

/**
 * The test's own loopback upstream. By the session id asked for: `broken` answers `data` as an
 * object, `status-N` answers N, `hang…` never answers, `reset` drops the connection.
 */
let upstream: http.Server;
let upstreamUrl: string;
const seenByUpstream: string[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seenByUpstream.push(req.url ?? '');
    const id = (req.url ?? '').split('?')[0]!.split('/').pop() ?? '';
    if (id.startsWith('hang')) return;
    if (id === 'reset') return void req.socket.destroy();
    const status = /^status-(\d{3})$/.exec(id)?.[1];
    res.writeHead(status ? Number(status) : 200, { 'content-type': 'application/json', 'set-cookie': `session=${KEY}` });
    res.end(JSON.stringify(id === 'broken' ? { data: conforming.data[0] } : status ? { error: 'x' } : conforming));
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v3`;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** A loopback URL nothing listens on: a server is started, its port noted, the server closed. */
async function refusedUrl(): Promise<string> {
  const server = http.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v3`;
}

const getCall = (url: string, id: string, headers: Record<string, string> = { apikey: KEY }) =>
  fetch(`${url}/calls/${id}`, { headers }).then(async (r) => ({ status: r.status, text: await r.text() }));

describe('proxy: validates with ExchangeValidator, in process', () => {
  it('passes a conforming exchange through unchanged and exits 0', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    const answer = await getCall(proxy.url, 'sess-1');
    const summary = await proxy.stop();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual(conforming);
    expect(seenByUpstream).toContain('/v3/calls/sess-1');
    expect(summary).toMatchObject({ exchanges: 1, conforming: 1, violating: 0, failed: 0 });
    expect(proxyExitCode(summary)).toBe(0);
  });

  it('counts undocumented statuses (404, 500) as violations, as validate does', async () => {
    expect(getCallResponses).not.toContain('404');
    expect(getCallResponses).not.toContain('500');
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    expect((await getCall(proxy.url, 'status-404')).status).toBe(404);
    expect((await getCall(proxy.url, 'status-500')).status).toBe(500);
    const summary = await proxy.stop();
    expect(summary).toMatchObject({ exchanges: 2, violating: 2 });
    expect(summary.reports.map((r) => r.violations[0]?.kind)).toEqual(['undocumented-status', 'undocumented-status']);
    expect(proxyExitCode(summary)).toBe(1);
  });

  it('answers 502 when the upstream refuses, counts it and reports it as it happens', async () => {
    const failures: UpstreamFailure[] = [];
    const proxy = await startValidatingProxy({ upstream: await refusedUrl(), validator, onFailure: (f) => failures.push(f) });
    const answer = await getCall(proxy.url, 'sess-1');
    expect(failures).toEqual([expect.objectContaining({ path: '/v3/calls/sess-1', status: 502, reason: expect.stringContaining('ECONNREFUSED') })]);
    const summary = await proxy.stop();
    expect(answer.status).toBe(502);
    expect(summary).toMatchObject({ exchanges: 0, failed: 1 });
    expect(proxyExitCode(summary)).toBe(1);
  });

  it('answers 504 after --upstream-timeout when the upstream hangs', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, upstreamTimeoutMs: 300 });
    const started = Date.now();
    const answer = await getCall(proxy.url, 'hang');
    const waited = Date.now() - started;
    const summary = await proxy.stop();
    expect(answer.status).toBe(504);
    expect(waited).toBeLessThan(10_000);
    expect(summary.failures).toEqual([expect.objectContaining({ status: 504, reason: expect.stringContaining('--upstream-timeout') })]);
    expect(proxyExitCode(summary)).toBe(1);
  });

  it('answers 502 when the upstream resets the connection', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    const answer = await getCall(proxy.url, 'reset');
    const summary = await proxy.stop();
    expect(answer.status).toBe(502);
    expect(summary).toMatchObject({ exchanges: 0, failed: 1 });
  });

  it('stopping counts an exchange still in flight as failed and answers its caller', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    const pending = getCall(proxy.url, 'hang-until-stop').catch((error: Error) => ({ status: 0, text: error.message }));
    while (!seenByUpstream.includes('/v3/calls/hang-until-stop')) await new Promise((resolve) => setTimeout(resolve, 10));
    const summary = await proxy.stop();
    expect(summary.failures).toEqual([expect.objectContaining({ path: '/v3/calls/hang-until-stop', reason: expect.stringContaining('before the proxy stopped') })]);
    expect([0, 502]).toContain((await pending).status);
    expect(proxyExitCode(summary)).toBe(1);
  });

  it('fails a run that validated nothing', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    const summary = await proxy.stop();
    expect(summary.exchanges).toBe(0);
    expect(proxyExitCode(summary)).toBe(2);
  });

  it('keeps at most --max-reports exchanges while the counts stay exact', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, maxReports: 3 });
    for (let i = 0; i < 20; i++) await getCall(proxy.url, 'broken');
    const summary = await proxy.stop();
    expect(summary).toMatchObject({ exchanges: 20, violating: 20, omitted: 17 });
    expect(summary.reports).toHaveLength(3);
  });
});

describe('proxy --har', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'proxy-har-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes HAR 1.2 that validate reads with the same verdicts, credentials redacted', async () => {
    const har = join(dir, 'traffic.har');
    const seen: ExchangeReport[] = [];
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, har, onExchange: (r) => seen.push(r) });
    await getCall(proxy.url, `sess-1?apikey=${KEY}&limit=2`);
    await getCall(proxy.url, 'broken', { apikey: KEY, authorization: `Bearer ${KEY}`, cookie: `s=${KEY}`, key: KEY, secret: KEY });
    await getCall(proxy.url, 'sess-2', {});
    await getCall(proxy.url, 'status-500');
    await proxy.stop();

    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).log.version).toBe('1.2');
    const replay = await validateRecording(har, { validator });
    expect(replay.inputError).toBeUndefined();
    expect(replay.exchanges).toBe(4);
    const verdict = (r: ExchangeReport) => ({ status: r.status, operationId: r.operationId, violations: r.violations });
    expect(replay.reports.map(verdict)).toEqual(seen.filter((r) => r.violations.length > 0).map(verdict));
    expect(seen.filter((r) => r.violations.length > 0)).toHaveLength(3);
  });
});

/** Starts the CLI's proxy, waits for its URL, runs `traffic`, stops it with `signal`. */
async function cliRun(upstreamArg: string, traffic: (url: string) => Promise<void>, signal: NodeJS.Signals = 'SIGINT') {
  const child = spawn(process.execPath, [cliPath, 'proxy', '--upstream', upstreamArg], { cwd: packageDir });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = once(child, 'exit');
  while (!/Validating proxy on http/.test(stdout)) {
    await Promise.race([once(child.stdout, 'data'), exited.then(() => Promise.reject(new Error(`proxy exited: ${stderr}`)))]);
  }
  const url = /Validating proxy on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!;
  try {
    await traffic(url);
  } finally {
    child.kill(signal);
  }
  const [code] = await exited;
  return { code: code as number | null, stdout, stderr };
}

describe('chatplatform-contract proxy (CLI smoke)', () => {
  it('summarises on SIGINT and exits 0 when all conformed, printing no credential', async () => {
    const withCredentials = upstreamUrl.replace('http://', `http://user:${KEY}@`) + `?apikey=${KEY}`;
    const run = await cliRun(withCredentials, async (url) => {
      expect((await getCall(url, 'sess-1')).status).toBe(200);
    });
    expect(run.stdout).toContain(`→ ${upstreamUrl} (Ctrl-C`);
    expect(run.stdout).toContain('Validating proxy stopped: 1 exchange validated, 0 with violations, 0 upstream failures.');
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('with the upstream down: 502, a stderr line per failure, exit 1 on SIGTERM', async () => {
    const run = await cliRun(
      await refusedUrl(),
      async (url) => {
        expect((await getCall(url, 'sess-1')).status).toBe(502);
      },
      'SIGTERM',
    );
    expect(run.stderr).toMatch(/✗ GET \/v3\/calls\/sess-1 → 502: upstream refused the connection/);
    expect(run.code).toBe(1);
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

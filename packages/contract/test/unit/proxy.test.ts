import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundledSpecPath,
  ExchangeValidator,
  formatProxySummary,
  HarWriter,
  type ProxyOutcome,
  proxyExitCode,
  startValidatingProxy,
  validateRecording,
} from '../../src/index.js';
import { redactBody } from '../../src/proxy/har-writer.js';
import { runInProcess, startUpstream, UPSTREAM_TOKEN } from '../support/helpers.js';

const spec = JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
const conforming = spec.components.examples.CallInitiated.value;
const KEY = 'proxy-test-apikey-DO-NOT-PRINT';
const validator = new ExchangeValidator();
const PASSWORD = 'pw-DO-NOT-WRITE';

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let upstreamUrl: string;
let seenByUpstream: string[];

beforeAll(async () => {
  upstream = await startUpstream();
  ({ url: upstreamUrl, seen: seenByUpstream } = upstream);
});

afterAll(() => upstream.close());

const getCall = (url: string, id: string, headers: Record<string, string> = { apikey: KEY }) =>
  fetch(`${url}/calls/${id}`, { headers }).then(async (r) => ({ status: r.status, text: await r.text() }));

/** A free loopback port with nothing listening on it: an upstream that refuses. */
async function closedPortUrl(): Promise<string> {
  const probe = http.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/v3`;
}

describe('proxy: exchanges checked by the validate validator', () => {
  it('passes a conforming exchange through unchanged and exits 0', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    const answer = await getCall(proxy.url, 'sess-1');
    const summary = await proxy.stop();
    expect(answer).toEqual({ status: 200, text: JSON.stringify(conforming) });
    expect(seenByUpstream).toContain('/v3/calls/sess-1');
    expect(summary).toMatchObject({ exchanges: 1, conforming: 1, violating: 0, failed: 0 });
    expect(proxyExitCode(summary)).toBe(0);
  });

  it('counts a wrong body, a missing apikey and an undocumented 404 as violations, and exits 1', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    await getCall(proxy.url, 'broken');
    await getCall(proxy.url, 'sess-2', {});
    await getCall(proxy.url, 'missing');
    const summary = await proxy.stop();
    expect(summary).toMatchObject({ exchanges: 3, conforming: 0, violating: 3, failed: 0 });
    const pointers = summary.reports.map((o) =>
      o.kind === 'validated' ? o.report.violations.map((v) => v.pointer) : [],
    );
    expect(pointers[0]).toContain('/response/body/data');
    expect(pointers[1]).toContain('/request/headers/apikey');
    expect(summary.reports[2]).toMatchObject({
      kind: 'validated',
      report: { violations: [expect.objectContaining({ kind: 'undocumented-status' })] },
    });
    expect(proxyExitCode(summary)).toBe(1);
  });

  it('gives the same verdicts as validate on the HAR it wrote, with every credential redacted', async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'proxy-har-')), 'traffic.har');
    const proxy = await startValidatingProxy({
      upstream: `${upstreamUrl}?apikey=${KEY}`.replace('http://', `http://u:${KEY}@`),
      validator,
      har,
    });
    const seen: ProxyOutcome[] = [];
    for (const id of ['sess-1', 'broken', 'missing']) await getCall(proxy.url, id);
    await getCall(proxy.url, 'sess-3', {});
    await fetch(`${proxy.url}/calls/x?apikey=${KEY}`, { headers: { apikey: KEY, key: KEY, secret: KEY } });
    const summary = await proxy.stop();
    seen.push(...summary.reports);

    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(KEY);
    const replay = await validateRecording(har, { validator });
    expect(replay.exchanges).toBe(summary.exchanges);
    expect(replay.violating).toBe(summary.violating);
    expect(replay.reports.map((r) => r.violations)).toEqual(
      seen.map((o) => (o.kind === 'validated' ? o.report.violations : undefined)),
    );
  });
});

describe('proxy --har: bodies', () => {
  const createToken = (url: string, body: string, contentType: string) =>
    fetch(`${url}/users/u1/auth_tokens`, {
      method: 'POST',
      headers: { apikey: KEY, 'content-type': contentType },
      body,
    }).then((r) => r.text());

  it('redacts secret-named JSON fields at any depth and replaces non-JSON bodies by a marker with their size', async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'proxy-har-')), 'bodies.har');
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, har });
    const answered = await createToken(proxy.url, JSON.stringify({ password: PASSWORD }), 'application/json');
    const form = `user=u1&password=${PASSWORD}`;
    await createToken(proxy.url, form, 'application/x-www-form-urlencoded');
    await createToken(
      proxy.url,
      JSON.stringify({ user: { device: { credentials: { pin: PASSWORD } } } }),
      'application/json',
    );
    const summary = await proxy.stop();
    expect(answered).toContain(UPSTREAM_TOKEN);

    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(UPSTREAM_TOKEN);
    expect(text).not.toContain(PASSWORD);
    const entries = JSON.parse(text).log.entries;
    expect(JSON.parse(entries[0].request.postData.text)).toEqual({ password: '(redacted)' });
    expect(JSON.parse(entries[0].response.content.text)).toEqual({ data: { uid: 'u1', authToken: '(redacted)' } });
    expect(entries[1].request.postData.text).toBe(`(redacted: ${form.length} bytes, not JSON)`);
    expect(JSON.parse(entries[2].request.postData.text)).toEqual({ user: { device: { credentials: '(redacted)' } } });

    const replay = await validateRecording(har, { validator });
    expect(summary).toMatchObject({ exchanges: 3, failed: 0 });
    expect(replay).toMatchObject({ exchanges: 3, conforming: summary.conforming, violating: summary.violating });
    expect(replay.reports.map((r) => r.violations)).toEqual(
      summary.reports.map((o) => (o.kind === 'validated' ? o.report.violations : undefined)),
    );
  });

  it('writes a body with nothing to redact as it came, redacts JSON held in a string, and sizes bodies in bytes', async () => {
    const exact = '{"n": 1e400, "big": 12345678901234567890, "price": 1.50}';
    expect(redactBody(exact)).toBe(exact);
    const nested = JSON.stringify({ data: JSON.stringify({ authToken: UPSTREAM_TOKEN, uid: 'u1' }) });
    const written = redactBody(nested)!;
    expect(written).not.toContain(UPSTREAM_TOKEN);
    expect(JSON.parse(JSON.parse(written).data)).toEqual({ authToken: '(redacted)', uid: 'u1' });
    expect(redactBody(JSON.stringify({ note: '{not json', list: [{ pin: 1 }] }))).toBe(
      JSON.stringify({ note: '{not json', list: [{ pin: 1 }] }),
    );

    const har = join(mkdtempSync(join(tmpdir(), 'proxy-har-')), 'sizes.har');
    const writer = new HarWriter(har);
    const body = '{"name":"Zoë 👋"}';
    writer.add(
      {
        request: { method: 'POST', url: 'https://h.example/messages', headers: {}, body },
        response: { status: 200, headers: {}, body },
      },
      new Date(),
      1,
    );
    await writer.close();
    const [entry] = JSON.parse(readFileSync(har, 'utf8')).log.entries;
    expect(entry.request.bodySize).toBe(Buffer.byteLength(body));
    expect(entry.response.content.size).toBe(Buffer.byteLength(body));
    expect(Buffer.byteLength(body)).toBeGreaterThan(body.length);
  });

  it('bounds the depth it walks: a hostile body nested 100,000 deep is written as a marker below 64 levels', async () => {
    const har = join(mkdtempSync(join(tmpdir(), 'proxy-har-')), 'deep.har');
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, har });
    const deep = `${'{"a":'.repeat(100_000)}{"token":"${PASSWORD}"}${'}'.repeat(100_000)}`;
    await createToken(proxy.url, deep, 'application/json');
    await proxy.stop();
    const text = readFileSync(har, 'utf8');
    expect(text).not.toContain(PASSWORD);
    expect(text).toContain('(redacted: nested deeper than 64 levels)');
  });
});

describe('proxy: fails closed', () => {
  it('counts an upstream that refuses as a failed exchange, answers 502 and reports it as it happens', async () => {
    const heard: ProxyOutcome[] = [];
    const proxy = await startValidatingProxy({
      upstream: await closedPortUrl(),
      validator,
      onExchange: (o) => heard.push(o),
    });
    const answer = await getCall(proxy.url, 'sess-1');
    expect(answer.status).toBe(502);
    expect(heard).toEqual([expect.objectContaining({ kind: 'failed', reason: expect.stringContaining('refused') })]);
    const summary = await proxy.stop();
    expect(summary).toMatchObject({ exchanges: 1, conforming: 0, failed: 1 });
    // Nothing was validated: the README's exit 2, not the 1 of a run that validated something.
    expect(proxyExitCode(summary)).toBe(2);
  });

  it('ends a hung upstream at --upstream-timeout with a 504 and a failed exchange', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, upstreamTimeoutMs: 200 });
    const answer = await getCall(proxy.url, 'hang');
    const summary = await proxy.stop();
    expect(answer.status).toBe(504);
    expect(answer.text).toContain('did not answer within 200 ms');
    expect(summary).toMatchObject({ failed: 1, conforming: 0 });
    expect(proxyExitCode(summary)).toBe(2);
  });

  it('counts an upstream that resets the connection as a failed exchange and answers 502', async () => {
    const heard: ProxyOutcome[] = [];
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, onExchange: (o) => heard.push(o) });
    const answer = await getCall(proxy.url, 'reset');
    const summary = await proxy.stop();
    expect(answer.status).toBe(502);
    expect(heard).toEqual([expect.objectContaining({ kind: 'failed' })]);
    expect(summary).toMatchObject({ failed: 1, conforming: 0 });
    expect(proxyExitCode(summary)).toBe(2);
  });

  it('exits 1 when an exchange failed beside one that was validated, 2 when every one failed', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    await getCall(proxy.url, 'sess-1');
    await getCall(proxy.url, 'reset');
    expect(proxyExitCode(await proxy.stop())).toBe(1);
    const allFailed = await startValidatingProxy({ upstream: upstreamUrl, validator });
    await getCall(allFailed.url, 'reset');
    await getCall(allFailed.url, 'reset');
    const summary = await allFailed.stop();
    expect(summary).toMatchObject({ exchanges: 2, failed: 2 });
    expect(proxyExitCode(summary)).toBe(2);
  });

  it('names every exchange of the summary by the one path the upstream is asked for', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    await getCall(proxy.url, 'broken');
    await getCall(proxy.url, 'reset');
    const text = formatProxySummary(await proxy.stop());
    expect(text).toContain('GET /v3/calls/broken → 200');
    expect(text).toContain('GET /v3/calls/reset: the upstream reset the connection');
    expect(text).not.toMatch(/GET \/calls\//);
  });

  it('is not green when it validated nothing', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator });
    expect(proxyExitCode(await proxy.stop())).toBe(2);
  });

  it('keeps at most --max-reports exchanges, with exact counts, however much traffic passes', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, maxReports: 5 });
    for (let i = 0; i < 200; i++) await getCall(proxy.url, i % 2 ? 'broken' : `sess-${i}`);
    const summary = await proxy.stop();
    expect(summary).toMatchObject({ exchanges: 200, conforming: 100, violating: 100, omitted: 95 });
    expect(summary.reports).toHaveLength(5);
  });
});

/** Writes `raw` on a socket to `url`'s port and returns the answer's status line (http clients normalise targets). */
async function rawRequest(url: string, raw: string): Promise<string> {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  await once(socket, 'connect');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.write(raw);
  await once(socket, 'close');
  return answer.split('\r\n')[0] ?? '';
}

/**
 * Sends `head` and then a body of `size` bytes on a raw socket, as fast as the proxy takes them,
 * and reads nothing until the whole body is written (as a client that reads its answer once its
 * request is sent); answers what it read then, and the error that ended the connection, if any.
 * With a `size` larger than the kernel's socket buffers can hold in flight (Linux's largest
 * `tcp_rmem` and `tcp_wmem`, 6 to 32 MiB and 4 MiB as usually set), a proxy that closed the
 * connection before taking the body is seen whatever the timing: the writes after the close fail.
 */
async function sendThenRead(url: string, head: string, size: number, chunked = false) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  const closed = new Promise((resolve) => socket.once('close', resolve));
  let error: string | undefined;
  socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
  await once(socket, 'connect');
  socket.pause();
  const block = Buffer.alloc(64 * 1024, '1');
  const piece = chunked
    ? Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')])
    : block;
  const write = (data: Buffer | string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));
  await write(head);
  for (let sent = 0; sent < size && !socket.destroyed; sent += block.length) await write(piece);
  if (chunked && !socket.destroyed) await write('0\r\n\r\n');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.resume();
  await closed;
  return { answer, error };
}

describe('proxy: a refused request whose body is still coming', () => {
  const LIMIT = 64 * 1024;
  /** Past what the kernel holds in flight (`sendThenRead`), below what the proxy discards before it cuts a client off (64 MiB). */
  const BODY = 48 * 1024 * 1024;
  const post = (target: string, framing: string) =>
    `POST ${target} HTTP/1.1\r\nhost: x\r\napikey: ${KEY}\r\ncontent-type: application/json\r\n${framing}\r\n`;

  for (const [framing, chunked] of [
    [`content-length: ${BODY}\r\n`, false],
    ['transfer-encoding: chunked\r\nconnection: close\r\n', true],
  ] as const) {
    it(`answers 413 whole to a client that reads only after sending its ${BODY / 2 ** 20} MiB (${chunked ? 'chunked, connection: close' : 'content-length'})`, async () => {
      const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, maxBodyBytes: LIMIT });
      const { answer, error } = await sendThenRead(proxy.url, post('/messages', framing), BODY, chunked);
      const summary = await proxy.stop();
      expect(error).toBeUndefined();
      expect(answer).toMatch(/^HTTP\/1.1 413 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer.split('\r\n\r\n')[1]).toBe(
        `validating proxy: the request body is larger than ${LIMIT} bytes (--max-body-bytes)\n`,
      );
      expect(summary).toMatchObject({ exchanges: 1, failed: 1 });
    });
  }

  it('answers 400 whole to a refused target whose body is still coming, and forwards none of it', async () => {
    const upstreamBefore = seenByUpstream.length;
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, maxBodyBytes: LIMIT });
    const head = post('//elsewhere.example/messages', `content-length: ${BODY}\r\n`);
    const { answer, error } = await sendThenRead(proxy.url, head, BODY);
    const summary = await proxy.stop();
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(answer).toContain('the request target is not origin-form');
    expect(seenByUpstream.length).toBe(upstreamBefore);
    expect(summary).toMatchObject({ exchanges: 1, failed: 1 });
  });

  it('answers a client that stops sending mid-body, and closes its connection once it has gone silent (5 s)', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, maxBodyBytes: LIMIT });
    const socket = net.connect(Number(new URL(proxy.url).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(post('/messages', `content-length: ${BODY}\r\n`));
    socket.write(Buffer.alloc(2 * LIMIT, '1'));
    await closed;
    const summary = await proxy.stop();
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toContain(`larger than ${LIMIT} bytes`);
    expect(summary).toMatchObject({ exchanges: 1, failed: 1 });
  }, 30_000);

  it('discards what follows without end, and cuts the client off after a bounded amount', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, maxBodyBytes: LIMIT });
    const endless = 2 ** 30;
    const { error } = await sendThenRead(proxy.url, post('/messages', `content-length: ${endless}\r\n`), endless);
    const summary = await proxy.stop();
    // Cut off: a proxy that discarded the whole gigabyte would have closed cleanly, with no error.
    expect(error).toMatch(/EPIPE|ECONNRESET|ERR_STREAM_DESTROYED/);
    expect(summary).toMatchObject({ exchanges: 1, failed: 1 });
  });
});

describe('proxy: forwards origin-form request targets only', () => {
  /** A second loopback server: any request it receives went to a host the user never named. */
  let other: http.Server;
  let otherHost: string;
  const seenByOther: string[] = [];

  beforeAll(async () => {
    other = http.createServer((req, res) => {
      seenByOther.push(`${req.url} apikey=${req.headers.apikey} key=${req.headers.key} secret=${req.headers.secret}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(conforming));
    });
    other.listen(0, '127.0.0.1');
    await once(other, 'listening');
    otherHost = `127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  });

  for (const basePath of ['', '/v3']) {
    it(`answers 400 to //host and absolute-form targets, counts them failed, sends nothing (upstream "${basePath || 'no base path'}")`, async () => {
      const heard: ProxyOutcome[] = [];
      const upstreamBefore = seenByUpstream.length;
      const proxy = await startValidatingProxy({
        upstream: upstreamUrl.replace(/\/v3$/, basePath),
        validator,
        onExchange: (o) => heard.push(o),
      });
      const statusLines: string[] = [];
      for (const target of [`//${otherHost}/calls/sess-1`, `http://${otherHost}/calls/sess-1`]) {
        const head = `GET ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\napikey: ${KEY}\r\nkey: ${KEY}\r\nsecret: ${KEY}\r\n`;
        statusLines.push(await rawRequest(proxy.url, `${head}connection: close\r\n\r\n`));
      }
      const summary = await proxy.stop();
      expect(seenByOther).toEqual([]);
      expect(seenByUpstream.length).toBe(upstreamBefore);
      expect(statusLines).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 400 Bad Request']);
      expect(summary).toMatchObject({ exchanges: 2, conforming: 0, violating: 0, failed: 2 });
      expect(heard).toEqual([
        expect.objectContaining({ kind: 'failed', reason: expect.stringContaining('origin-form') }),
        expect.objectContaining({ kind: 'failed', reason: expect.stringContaining('origin-form') }),
      ]);
      expect(JSON.stringify(heard)).not.toContain(KEY);
      expect(proxyExitCode(summary)).toBe(2);
    });
  }

  it('answers 400 to dot segments that would leave the upstream path, and to OPTIONS *, sending nothing', async () => {
    const heard: ProxyOutcome[] = [];
    const upstreamBefore = seenByUpstream.length;
    const proxy = await startValidatingProxy({ upstream: upstreamUrl, validator, onExchange: (o) => heard.push(o) });
    const statusLines: string[] = [];
    for (const [method, target] of [
      ['GET', '/../calls/sess-1'],
      ['GET', '/v3/%2E%2e/calls/sess-1?x=1'],
      ['GET', '/calls/./sess-1'],
      ['OPTIONS', '*'],
    ]) {
      const head = `${method} ${target} HTTP/1.1\r\nhost: 127.0.0.1\r\napikey: ${KEY}\r\nconnection: close\r\n\r\n`;
      statusLines.push(await rawRequest(proxy.url, head));
    }
    const summary = await proxy.stop();
    expect(seenByUpstream.length).toBe(upstreamBefore);
    expect(statusLines).toEqual(Array(4).fill('HTTP/1.1 400 Bad Request'));
    expect(summary).toMatchObject({ exchanges: 4, failed: 4 });
    expect(heard.map((o) => (o.kind === 'failed' ? o.reason : o.kind))).toEqual([
      expect.stringContaining('".." path segment'),
      expect.stringContaining('".." path segment'),
      expect.stringContaining('".." path segment'),
      expect.stringContaining('OPTIONS *'),
    ]);
  });

  it('still forwards an origin-form target to an upstream without a base path', async () => {
    const proxy = await startValidatingProxy({ upstream: upstreamUrl.replace(/\/v3$/, ''), validator });
    const status = await rawRequest(
      proxy.url,
      `GET /calls/sess-9 HTTP/1.1\r\nhost: x\r\napikey: ${KEY}\r\nconnection: close\r\n\r\n`,
    );
    const summary = await proxy.stop();
    expect(status).toBe('HTTP/1.1 200 OK');
    expect(seenByUpstream).toContain('/calls/sess-9');
    expect(seenByOther).toEqual([]);
    expect(summary).toMatchObject({ exchanges: 1, failed: 0 });
  });
});

describe('proxy CLI', () => {
  it('refuses an upstream that is not an http(s) URL, and flags without a whole number', async () => {
    for (const args of [
      ['--upstream', 'not a url'],
      ['--upstream', upstreamUrl, '--max-reports='],
    ]) {
      const { code, stderr } = await runInProcess(['proxy', ...args]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/--upstream must be an absolute http\(s\) URL|--max-reports must be a whole number/);
    }
  });

  it('never repeats an unusable upstream, which may carry credentials, in its error', async () => {
    const { code, stderr } = await runInProcess([
      'proxy',
      '--upstream',
      'http://user:s3cret-key@host:bad/v3?apikey=s3cret-key',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('--upstream must be an absolute http(s) URL');
    expect(stderr).not.toContain('s3cret-key');
  });
});

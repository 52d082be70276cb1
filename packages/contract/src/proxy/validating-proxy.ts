import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ExchangeValidator } from '../check/exchange-validator.js';
import type { ExchangeReport } from '../check/violations.js';
import type { Exchange, Headers } from '../read/exchange.js';
import { HarWriter } from './har-writer.js';

export interface ValidatingProxyOptions {
  /** The real or staging API, including its base path: `https://APP.call-eu.example/v3`. */
  upstream: string;
  /** Port of the proxy on 127.0.0.1; default 0 (a free port). */
  port?: number;
  /** OpenAPI document to validate against; default: the bundled spec. Ignored when `validator` is given. */
  spec?: string;
  /** The validator `validate` uses; one is built from `spec` when omitted. */
  validator?: ExchangeValidator;
  /** How long the upstream has to answer, headers and body, before the exchange fails; default 30 s. */
  upstreamTimeoutMs?: number;
  /** Largest request or response body the proxy reads; default 10 MiB. */
  maxBodyBytes?: number;
  /** Violating or failed exchanges kept for the summary (counts stay exact); default 100. */
  maxReports?: number;
  /** Writes every exchange to this HAR 1.2 file, credentials redacted (bodies too: see `redactBody`). */
  har?: string;
  /** Called for every exchange once validated, or once its upstream failed. */
  onExchange?: (outcome: ProxyOutcome) => void;
}

/** One exchange through the proxy: validated, or failed before the upstream answered. */
export type ProxyOutcome =
  | { kind: 'validated'; report: ExchangeReport }
  | { kind: 'failed'; index: number; method: string; path: string; reason: string };

export interface ProxySummary {
  /** Every request the proxy received. */
  exchanges: number;
  conforming: number;
  violating: number;
  /**
   * Requests the upstream did not answer (refused, reset, timed out, too large), and requests the
   * proxy refused without forwarding (a target that is not origin-form: `//host/…`, `http://host/…`).
   */
  failed: number;
  /** The first `maxReports` violating or failed exchanges. */
  reports: ProxyOutcome[];
  omitted: number;
}

export interface ValidatingProxy {
  url: string;
  /** The running counts, without stopping. */
  summary(): ProxySummary;
  /** Stops accepting, lets exchanges under way finish, closes the HAR file; returns the summary. */
  stop(): Promise<ProxySummary>;
}

/**
 * 2: nothing was validated (no request came, or every one failed or was refused); 1: a violation,
 * an upstream failure or a refused request; 0: every exchange conforms.
 */
export function proxyExitCode(summary: ProxySummary): 0 | 1 | 2 {
  if (summary.conforming + summary.violating === 0) return 2;
  return summary.violating > 0 || summary.failed > 0 ? 1 : 0;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded; length is recomputed from the body read.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'host',
  'content-length',
]);

class ProxyFailure extends Error {
  constructor(
    readonly status: 400 | 502 | 504 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A validating proxy of our own: forwards each request to the upstream, checks the exchange with
 * the same `ExchangeValidator` as `validate`, and keeps running counts (at most `maxReports`
 * exchanges), so memory stays flat. An upstream that refuses, resets or does not answer in time
 * is a failed exchange, answered 502 or 504 and counted.
 */
export async function startValidatingProxy(options: ValidatingProxyOptions): Promise<ValidatingProxy> {
  const upstream = parseUpstream(options.upstream);
  const validator = options.validator ?? new ExchangeValidator(options.spec ? { spec: options.spec } : {});
  const limits = {
    timeoutMs: options.upstreamTimeoutMs ?? 30_000,
    maxBodyBytes: options.maxBodyBytes ?? 10 * 1024 * 1024,
  };
  const tally = new Tally(options.maxReports ?? 100);
  const har = options.har ? new HarWriter(options.har) : undefined;
  const underWay = new Set<Promise<void>>();
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

  const server = http.createServer((req, res) => {
    const done = handle(req, res).finally(() => underWay.delete(done));
    underWay.add(done);
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const index = tally.next();
    const startedAt = new Date();
    const method = req.method ?? 'GET';
    let target: URL | undefined;
    try {
      target = upstreamTarget(upstream, req.url);
      const requestBody = await readBody(req, limits.maxBodyBytes, 'request');
      const answer = await forward(target, method, req.headers, requestBody, limits, agents);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
      const exchange = toExchange(method, target, req.headers, requestBody, answer, limits.maxBodyBytes);
      const report = validator.validate(exchange, {}, index);
      await har?.add(exchange, startedAt, Date.now() - startedAt.getTime());
      tally.record({ kind: 'validated', report }, options.onExchange);
    } catch (error) {
      const failure = error instanceof ProxyFailure ? error : new ProxyFailure(502, (error as Error).message);
      refuse(req, res, failure);
      // Named by the path the upstream was (or would have been) asked for, as a validated exchange is.
      const path = target ? target.pathname : pathOf(req.url);
      tally.record({ kind: 'failed', index, method, path, reason: failure.message }, options.onExchange);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<ProxySummary> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    summary: () => tally.summary(),
    stop() {
      stopped ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.allSettled([...underWay]);
        server.closeAllConnections();
        await closed;
        agents.http.destroy();
        agents.https.destroy();
        await har?.close();
        return tally.summary();
      })();
      return stopped;
    },
  };
}

/** Running counts and the first few reports: the proxy's only state that grows with traffic. */
class Tally {
  private readonly counts = { exchanges: 0, conforming: 0, violating: 0, failed: 0, omitted: 0 };
  private readonly reports: ProxyOutcome[] = [];

  constructor(private readonly maxReports: number) {}

  next(): number {
    return ++this.counts.exchanges;
  }

  record(outcome: ProxyOutcome, onExchange?: (outcome: ProxyOutcome) => void): void {
    const bad = outcome.kind === 'failed' || outcome.report.violations.length > 0;
    if (outcome.kind === 'failed') this.counts.failed++;
    else if (bad) this.counts.violating++;
    else this.counts.conforming++;
    if (bad && this.reports.length < this.maxReports) this.reports.push(outcome);
    else if (bad) this.counts.omitted++;
    onExchange?.(outcome);
  }

  summary(): ProxySummary {
    return { ...this.counts, reports: [...this.reports] };
  }
}

interface UpstreamAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

function forward(
  target: URL,
  method: string,
  incoming: http.IncomingHttpHeaders,
  body: Buffer,
  limits: { timeoutMs: number; maxBodyBytes: number },
  agents: { http: http.Agent; https: https.Agent },
): Promise<UpstreamAnswer> {
  const transport = target.protocol === 'https:' ? https : http;
  const headers = withoutHopByHop(incoming);
  if (body.length > 0) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const request = transport.request(target, {
      method,
      headers,
      agent: target.protocol === 'https:' ? agents.https : agents.http,
    });
    const timer = setTimeout(() => {
      request.destroy(
        new ProxyFailure(504, `the upstream did not answer within ${limits.timeoutMs} ms (--upstream-timeout)`),
      );
    }, limits.timeoutMs);
    request.once('response', (response) => {
      readBody(response, limits.maxBodyBytes, 'response').then(
        (answer) => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 502, headers: withoutHopByHop(response.headers), body: answer });
        },
        (error: Error) => {
          clearTimeout(timer);
          reject(error instanceof ProxyFailure ? error : upstreamFailure(error));
        },
      );
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof ProxyFailure ? error : upstreamFailure(error));
    });
    request.end(body);
  });
}

/**
 * The upstream URL for a request target. Only origin-form targets (`/path?query`, RFC 9112 §3.2.1)
 * are forwarded: `//host/…` and absolute-form `http://host/…` would resolve to another host and
 * carry the caller's credentials there, so they are refused, never sent; so are `.` and `..`
 * segments (plain or percent-encoded), which URL parsing resolves out of the upstream's base path,
 * and `OPTIONS *`, which addresses no operation. The URL is built by string from the upstream's
 * origin and base path, and its origin is checked once more before it is used.
 */
function upstreamTarget(upstream: URL, requestTarget: string | undefined): URL {
  const path = requestTarget ?? '';
  if (path === '*') throw new ProxyFailure(400, 'the request target * (OPTIONS *) addresses no operation of the spec');
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new ProxyFailure(
      400,
      'the request target is not origin-form (one leading "/", e.g. GET /v3/calls/ID): ' +
        'the proxy forwards only paths on the --upstream host, never "//host/…" or "http://host/…"',
    );
  }
  if (DOT_SEGMENT.test(path.split(/[?#]/, 1)[0]!)) {
    throw new ProxyFailure(
      400,
      'the request target has a "." or ".." path segment, which would leave the --upstream path',
    );
  }
  const target = new URL(`${upstream.origin}${upstream.pathname.replace(/\/$/, '')}${path}`);
  if (target.origin !== upstream.origin) {
    throw new ProxyFailure(400, `the request target resolves to another origin than --upstream (${upstream.origin})`);
  }
  return target;
}

/** A `.` or `..` path segment, plain or percent-encoded. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

function upstreamFailure(error: NodeJS.ErrnoException): ProxyFailure {
  const what =
    error.code === 'ECONNREFUSED'
      ? 'refused the connection'
      : error.code === 'ECONNRESET'
        ? 'reset the connection'
        : 'failed';
  return new ProxyFailure(502, `the upstream ${what} (${error.code ?? error.message})`);
}

/**
 * Answers a failed exchange. A request whose body is still coming (too large) is not read further:
 * the answer closes the connection rather than let Node read the rest to keep it alive.
 */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, failure: ProxyFailure): void {
  if (!res.headersSent) {
    const close = !req.complete ? { connection: 'close' } : {};
    res.writeHead(failure.status, { 'content-type': 'text/plain; charset=utf-8', ...close });
  }
  res.end(`validating proxy: ${failure.message}\n`, () => {
    if (!req.complete) req.destroy();
  });
}

/**
 * Reads a body into one buffer of its own, at most `maxBytes`. Chunks are copied, not kept: a body
 * sent in many tiny chunks would otherwise hold an object per chunk, each pinning the socket's read
 * buffer it was sliced from (a 10 MiB body of 16-byte chunks held over 300 MB). The buffer grows
 * by doubling, so at most `2 × maxBytes` are held while it grows, `maxBytes` after.
 */
function readBody(stream: http.IncomingMessage, maxBytes: number, what: 'request' | 'response'): Promise<Buffer> {
  const declared = Number(stream.headers['content-length']);
  let buffer: Buffer = Buffer.allocUnsafe(Math.min(maxBytes, declared >= 0 ? declared : 16 * 1024));
  let size = 0;
  return new Promise((resolve, reject) => {
    const tooLarge = () =>
      new ProxyFailure(
        what === 'request' ? 413 : 502,
        `the ${what} body is larger than ${maxBytes} bytes (--max-body-bytes)`,
      );
    const onData = (chunk: Buffer) => {
      if (size + chunk.length > maxBytes) {
        // Rejected before the stream is destroyed: destroying it reports it as aborted.
        reject(tooLarge());
        stream.off('data', onData);
        if (what === 'response') stream.destroy();
        else stream.pause();
        return;
      }
      if (size + chunk.length > buffer.length) buffer = grown(buffer, size, size + chunk.length, maxBytes);
      chunk.copy(buffer, size);
      size += chunk.length;
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(buffer.subarray(0, size)));
    stream.once('error', reject);
    stream.once('aborted', () => reject(new ProxyFailure(502, `the ${what} was cut off before its end`)));
  });
}

/** A larger buffer holding the first `size` bytes of `buffer`: twice as large, at least `needed`, at most `max`. */
function grown(buffer: Buffer, size: number, needed: number, max: number): Buffer {
  const larger = Buffer.allocUnsafe(Math.min(max, Math.max(needed, buffer.length * 2)));
  buffer.copy(larger, 0, 0, size);
  return larger;
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function toExchange(
  method: string,
  target: URL,
  requestHeaders: http.IncomingHttpHeaders,
  requestBody: Buffer,
  answer: UpstreamAnswer,
  maxBodyBytes: number,
): Exchange {
  const responseHeaders = flatten(answer.headers);
  const responseBody = decoded(answer.body, responseHeaders['content-encoding'], maxBodyBytes);
  return {
    request: {
      method,
      url: target.toString(),
      headers: flatten(requestHeaders),
      ...(requestBody.length > 0 ? { body: requestBody.toString('utf8') } : {}),
    },
    response: {
      status: answer.status,
      headers: responseHeaders,
      ...(responseBody.length > 0 ? { body: responseBody.toString('utf8') } : {}),
    },
  };
}

/** The body as the client reads it: compressed bodies are inflated, bounded like any other. */
function decoded(body: Buffer, encoding: string | undefined, maxOutputLength: number): Buffer {
  if (body.length === 0 || !encoding) return body;
  if (encoding === 'gzip') return gunzipSync(body, { maxOutputLength });
  if (encoding === 'deflate') return inflateSync(body, { maxOutputLength });
  if (encoding === 'br') return brotliDecompressSync(body, { maxOutputLength });
  return body;
}

function flatten(headers: http.IncomingHttpHeaders | http.OutgoingHttpHeaders): Headers {
  const out: Headers = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

/** The target as reported: without query string, and without user info when it names a host. */
function pathOf(target: string | undefined): string {
  const value = target ?? '/';
  if (value.startsWith('/') && !value.startsWith('//')) return value.split('?')[0] ?? '/';
  try {
    const url = new URL(value, 'http://unnamed.invalid');
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(a request target that is not a URL)';
  }
}

function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      `--upstream must be an absolute http(s) URL with the API's base path, e.g. https://APP_ID.call-us.SERVICE_DOMAIN/v3 (got "${value}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--upstream must use http or https (got ${url.protocol})`);
  return url;
}

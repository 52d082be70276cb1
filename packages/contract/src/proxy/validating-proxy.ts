import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { ExchangeValidator } from '../check/exchange-validator.js';
import type { ExchangeReport } from '../check/violations.js';
import { HarWriter } from './har-writer.js';
import { pathOf, toExchange } from './recorded-exchange.js';
import { forward, ProxyFailure, parseUpstream, readBody, upstreamTarget } from './upstream.js';

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
      const refused = refuse(req, res, failure);
      // Named by the path the upstream was (or would have been) asked for, as a validated exchange is.
      const path = target ? target.pathname : pathOf(req.url);
      tally.record({ kind: 'failed', index, method, path, reason: failure.message }, options.onExchange);
      await refused;
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

/**
 * After a refusal, the rest of a request body is read and thrown away, up to this many bytes: more
 * than the kernel's socket buffers hold in flight (tens of MiB), so a client that sends its whole
 * body before reading still finds its answer; a client that sends more is cut off.
 */
const DISCARD_BYTES = 64 * 1024 * 1024;
/** A client that sends nothing for this long after its refusal is cut off, so that `stop()` never waits on it for ever. */
const DISCARD_IDLE_MS = 5_000;

/**
 * Answers a failed exchange; resolves once the connection is done with it. A request whose body
 * is complete gets its answer as any other. A request whose body is still coming (too large, or
 * refused before it was read) must not have its connection closed yet: closing a socket with
 * unread bytes makes the kernel reset it, and a client still sending, which has not read its
 * answer, then loses it. So the answer is sent at once, whole (`content-length`, `connection:
 * close`), the rest of the body is read and discarded, not held, and the response ends (closing
 * the connection cleanly) once the body has ended or the client has closed.
 */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, failure: ProxyFailure): Promise<void> {
  if (res.headersSent) {
    res.end();
    return Promise.resolve();
  }
  const text = Buffer.from(`validating proxy: ${failure.message}\n`);
  const headers = { 'content-type': 'text/plain; charset=utf-8', 'content-length': text.length };
  if (req.complete) {
    res.writeHead(failure.status, headers).end(text);
    return Promise.resolve();
  }
  res.writeHead(failure.status, { ...headers, connection: 'close' }).write(text);
  return discardRest(req, res);
}

/**
 * Reads the rest of `req`'s body into nothing, then ends `res`. Node's own server dumps a body its
 * handler left unread (`IncomingMessage#_dump`), but when the answer (or the request) says
 * `connection: close` it also destroys the socket as soon as the answer is written, which is the
 * reset above: so the answer here ends only after the body. A client that sends more than
 * DISCARD_BYTES or goes silent for DISCARD_IDLE_MS is cut off.
 */
function discardRest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const socket = req.socket;
  const cutOff = () => socket.destroy();
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) cutOff();
  });
  req.once('end', () => res.end());
  socket.setTimeout(DISCARD_IDLE_MS, cutOff);
  req.resume();
  // 'close' comes once the answer has ended and the connection closed, or the connection was cut.
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.once('close', () => resolve(void socket.setTimeout(0)));
  });
}

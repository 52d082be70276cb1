import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { ExchangeValidator } from './exchange-validator.js';
import { type Exchange, normalizeHeaders } from './exchange.js';
import { type HarHeader, HarWriter } from './proxy/har-writer.js';
import { formatFailure, ProxyTally, type ProxySummary, type UpstreamFailure } from './proxy/proxy-tally.js';
import type { ExchangeReport } from './violations.js';

export { formatFailure, formatProxySummary, proxyExitCode, type ProxySummary, type UpstreamFailure } from './proxy/proxy-tally.js';

export interface ValidatingProxyOptions {
  /** The real or staging API, including its base path: `https://APP.call-eu.example/v3`. */
  upstream: string;
  /** Port of the proxy on 127.0.0.1; default 0 (a free port). */
  port?: number;
  /** OpenAPI document to validate against (default: the bundled spec); or a validator to share. */
  spec?: string;
  validator?: ExchangeValidator;
  /** Milliseconds the upstream has to answer in full; default 30,000. Past it: 504. */
  upstreamTimeoutMs?: number;
  /** Violating exchanges and failures kept for the summary (counts stay exact); default 1000. */
  maxReports?: number;
  /** Bytes of a request or response body kept for validation; default 10 MiB. Larger: a failure. */
  maxBodyBytes?: number;
  /** Write every exchange as HAR 1.2 to this file, credentials redacted, streamed to disk. */
  har?: string;
  /** Called for every validated exchange, as it completes. */
  onExchange?: (report: ExchangeReport) => void;
  /** Called for every upstream failure, as it happens. */
  onFailure?: (failure: UpstreamFailure) => void;
}

export interface ValidatingProxy {
  url: string;
  /** The counts so far, and the kept reports. */
  summary(): ProxySummary;
  /** Stops accepting traffic, fails exchanges still in flight, ends the HAR file, returns the summary. */
  stop(): Promise<ProxySummary>;
}

const DEFAULTS = { upstreamTimeoutMs: 30_000, maxReports: 1000, maxBodyBytes: 10 * 1024 * 1024 };
// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

/**
 * A small HTTP forwarder on 127.0.0.1 in front of an upstream: every exchange is streamed through,
 * its bodies kept up to a bound, and checked with the same `ExchangeValidator` as `validate`.
 */
export async function startValidatingProxy(options: ValidatingProxyOptions): Promise<ValidatingProxy> {
  const upstream = parseUpstream(options.upstream);
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const validator = options.validator ?? new ExchangeValidator(options.spec ? { spec: options.spec } : {});
  const tally = new ProxyTally(settings.maxReports);
  const har = options.har ? new HarWriter(options.har) : undefined;
  const inFlight = new Set<(reason: string) => void>();
  const context: ForwardContext = { upstream, settings, validator, tally, har, inFlight, options, agent: agentFor(upstream) };
  const server = http.createServer((req, res) => forward(context, req, res));
  await listen(server, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<ProxySummary> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    summary: () => tally.snapshot(),
    stop() {
      stopped ??= (async () => {
        for (const abort of [...inFlight]) abort('did not answer before the proxy stopped');
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        context.agent.destroy();
        await har?.close();
        return tally.snapshot();
      })();
      return stopped;
    },
  };
}

interface ForwardContext {
  upstream: URL;
  settings: typeof DEFAULTS;
  validator: ExchangeValidator;
  tally: ProxyTally;
  har: HarWriter | undefined;
  inFlight: Set<(reason: string) => void>;
  options: ValidatingProxyOptions;
  agent: http.Agent;
}

/** The parts of one exchange gathered while it streams through. */
interface Passage {
  startedAt: number;
  method: string;
  url: string;
  path: string;
  requestHeaders: HarHeader[];
  requestBody: BoundedBody;
  done: boolean;
}

function forward(context: ForwardContext, req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = upstreamUrl(context.upstream, req.url ?? '/');
  const passage: Passage = {
    startedAt: Date.now(),
    method: req.method ?? 'GET',
    url: url.toString(),
    path: url.pathname,
    requestHeaders: pairs(req.rawHeaders),
    requestBody: new BoundedBody(context.settings.maxBodyBytes),
    done: false,
  };
  const outgoing = (url.protocol === 'https:' ? https : http).request(url, {
    method: passage.method,
    headers: forwardedHeaders(req.rawHeaders, url),
    agent: context.agent,
  });
  const fail = (reason: string, status: number) => {
    if (passage.done) return;
    finish();
    outgoing.destroy();
    recordFailure(context, passage, reason, res.headersSent ? res.statusCode : status);
    if (res.headersSent) res.destroy();
    else res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(`validating proxy: upstream ${reason}\n`);
  };
  const abort = (reason: string) => fail(reason, 502);
  const timer = setTimeout(() => fail(`did not answer within ${context.settings.upstreamTimeoutMs} ms (--upstream-timeout)`, 504), context.settings.upstreamTimeoutMs);
  const finish = () => {
    passage.done = true;
    clearTimeout(timer);
    context.inFlight.delete(abort);
  };
  context.inFlight.add(abort);
  outgoing.on('error', (error) => fail(describeError(error), 502));
  outgoing.on('response', (answer) => relayResponse(context, passage, answer, res, { fail, finish }));
  req.on('data', (chunk: Buffer) => passage.requestBody.add(chunk));
  req.pipe(outgoing);
  res.on('close', () => {
    if (!passage.done) fail('exchange cut short: the caller closed the connection', 502);
  });
}

function relayResponse(
  context: ForwardContext,
  passage: Passage,
  answer: http.IncomingMessage,
  res: http.ServerResponse,
  control: { fail: (reason: string, status: number) => void; finish: () => void },
): void {
  const responseBody = new BoundedBody(context.settings.maxBodyBytes);
  const headers = pairs(answer.rawHeaders).filter(({ name }) => !HOP_BY_HOP.has(name.toLowerCase()));
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers.flatMap(({ name, value }) => [name, value]));
  answer.on('data', (chunk: Buffer) => {
    responseBody.add(chunk);
    res.write(chunk);
  });
  answer.on('error', (error) => control.fail(describeError(error), 502));
  answer.on('close', () => {
    if (!answer.complete) control.fail('closed the connection before the response ended (reset)', 502);
  });
  answer.on('end', () => {
    if (passage.done) return;
    res.end();
    const tooLarge = passage.requestBody.overflowed ? 'request' : responseBody.overflowed ? 'response' : undefined;
    if (tooLarge) {
      control.finish();
      recordFailure(context, passage, `${tooLarge} body over ${context.settings.maxBodyBytes} bytes: not validated`, answer.statusCode ?? 0);
      return;
    }
    control.finish();
    recordExchange(context, passage, answer, headers, responseBody);
  });
}

function recordExchange(context: ForwardContext, passage: Passage, answer: http.IncomingMessage, responseHeaders: HarHeader[], body: BoundedBody): void {
  const status = answer.statusCode ?? 0;
  const requestBody = passage.requestBody.size > 0 ? passage.requestBody.text() : undefined;
  const responseBody = decodedText(body.buffer(), answer.headers['content-encoding']);
  // Built as `validate` builds an exchange from a HAR entry, so replaying the HAR gives the same verdicts.
  const exchange: Exchange = {
    request: {
      method: passage.method,
      url: passage.url,
      headers: normalizeHeaders(passage.requestHeaders) ?? {},
      ...(requestBody !== undefined ? { body: requestBody } : {}),
    },
    response: { status, headers: normalizeHeaders(responseHeaders) ?? {}, body: responseBody },
  };
  const report = context.validator.validate(exchange, {}, context.tally.seen + 1);
  context.tally.addReport(report);
  context.har?.write({
    startedAt: passage.startedAt,
    durationMs: Date.now() - passage.startedAt,
    method: passage.method,
    url: passage.url,
    requestHeaders: passage.requestHeaders,
    ...(requestBody !== undefined ? { requestBody } : {}),
    status,
    responseHeaders,
    responseBody,
  });
  context.options.onExchange?.(report);
}

function recordFailure(context: ForwardContext, passage: Passage, reason: string, status: number): void {
  const failure: UpstreamFailure = { method: passage.method, path: passage.path, reason, status };
  context.tally.addFailure(failure);
  context.options.onFailure?.(failure);
}

/** Collects a body's bytes up to a bound; past it, only counts them. */
class BoundedBody {
  private readonly chunks: Buffer[] = [];
  size = 0;
  overflowed = false;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.overflowed = true;
      this.chunks.length = 0;
    } else this.chunks.push(chunk);
  }

  buffer(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }

  text(): string {
    return this.buffer().toString('utf8');
  }
}

function decodedText(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(body).toString('utf8');
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  } catch {
    // Not what it says it is: validate the bytes as sent, the validator will flag them.
  }
  return body.toString('utf8');
}

function describeError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'refused the connection (ECONNREFUSED)';
    case 'ECONNRESET':
      return 'reset the connection (ECONNRESET)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host name did not resolve (${error.code})`;
    default:
      return `connection failed (${error.code ?? error.name})`;
  }
}

function pairs(raw: string[]): HarHeader[] {
  const out: HarHeader[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push({ name: raw[i]!, value: raw[i + 1]! });
  return out;
}

function forwardedHeaders(raw: string[], url: URL): string[] {
  const out: string[] = ['host', url.host];
  for (const { name, value } of pairs(raw)) if (!HOP_BY_HOP.has(name.toLowerCase())) out.push(name, value);
  return out;
}

/** The upstream URL for a request path: upstream base path + request path, the upstream's query first. */
function upstreamUrl(upstream: URL, requestPath: string): URL {
  const query = requestPath.indexOf('?');
  const path = query === -1 ? requestPath : requestPath.slice(0, query);
  const base = `${upstream.origin}${upstream.pathname.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  const search = [upstream.search.slice(1), query === -1 ? '' : requestPath.slice(query + 1)].filter(Boolean).join('&');
  const url = new URL(search ? `${base}?${search}` : base);
  url.username = upstream.username;
  url.password = upstream.password;
  return url;
}

function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--upstream must be an absolute http(s) URL with the API's base path, e.g. https://APP_ID.call-us.SERVICE_DOMAIN/v3 (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--upstream must use http or https (got ${url.protocol})`);
  return url;
}

function agentFor(upstream: URL): http.Agent {
  return upstream.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function definedOnly(options: ValidatingProxyOptions): Partial<typeof DEFAULTS> {
  const out: Partial<typeof DEFAULTS> = {};
  for (const key of Object.keys(DEFAULTS) as Array<keyof typeof DEFAULTS>) if (options[key] !== undefined) out[key] = options[key];
  return out;
}


import http from 'node:http';
import https from 'node:https';
import { UsageError } from '../errors.js';

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

/** An exchange that failed before it could be validated, with the status the caller is answered. */
export class ProxyFailure extends Error {
  constructor(
    readonly status: 400 | 502 | 504 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface UpstreamAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export function forward(
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
export function upstreamTarget(upstream: URL, requestTarget: string | undefined): URL {
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
 * Reads a body into one buffer of its own, at most `maxBytes`. Chunks are copied, not kept: a body
 * sent in many tiny chunks would otherwise hold an object per chunk, each pinning the socket's read
 * buffer it was sliced from (a 10 MiB body of 16-byte chunks held over 300 MB). The buffer grows
 * by doubling, so at most `2 × maxBytes` are held while it grows, `maxBytes` after.
 */
export function readBody(
  stream: http.IncomingMessage,
  maxBytes: number,
  what: 'request' | 'response',
): Promise<Buffer> {
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

export function withoutHopByHop(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

export function parseUpstream(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value is not repeated: an upstream may carry credentials (user:password@, ?apikey=).
    throw new UsageError(
      "--upstream must be an absolute http(s) URL: the API's server URL with its base path, as the spec's servers give it",
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--upstream must use http or https (got ${url.protocol})`);
  return url;
}

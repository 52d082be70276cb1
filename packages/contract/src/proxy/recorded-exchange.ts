import type http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Exchange, Headers } from '../read/exchange.js';
import type { UpstreamAnswer } from './upstream.js';

/** The exchange as the validator and the HAR see it: headers flattened, a compressed body decoded. */
export function toExchange(
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
export function pathOf(target: string | undefined): string {
  const value = target ?? '/';
  if (value.startsWith('/') && !value.startsWith('//')) return value.split('?')[0] ?? '/';
  try {
    const url = new URL(value, 'http://unnamed.invalid');
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(a request target that is not a URL)';
  }
}

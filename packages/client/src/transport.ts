// Between the client and the network: redirects are followed here rather than by fetch (which
// strips only `Authorization` and would re-send `apikey`, `key` and `secret` to any origin), and
// every body the client reads is bounded.
import { ConnectionError, RedirectError, type RequestDetails, ResponseTooLargeError } from './errors.js';
import { securityHeaders } from './generated/spec.js';
import type { Redact } from './redact.js';

/** A fetch called as `fetch(request, { signal })`: honour `signal` and `request.redirect` ('manual'). */
export type Fetch = (input: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

/** What one request's exchanges share; `url` is updated to the URL of each request sent. */
export interface Exchange {
  fetch: Fetch;
  /** The origin the credentials belong to. */
  origin: string;
  maxRedirects: number;
  maxResponseBytes: number;
  url: string;
  /** The fields of a RequestError, with those of its class. */
  details(fields?: object): RequestDetails;
  redact: Redact;
}

/** The headers that carry credentials: never sent to another origin. */
export const CREDENTIAL_HEADERS = new RegExp(`^(?:${Object.values(securityHeaders).join('|')})$`, 'i');
/** Headers that describe a body (Content-Type, -Length, -Encoding…), dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = /^content-/;

/** One request and the same-origin redirects it leads to; `init` carries the attempt's signal. */
export async function exchange(x: Exchange, request: Request, init: { signal?: AbortSignal }): Promise<Response> {
  // A middleware may have sent the request elsewhere: the credentials stay behind.
  if (!isOnOrigin(request.url, x.origin))
    request = new Request(request, { headers: without(request, CREDENTIAL_HEADERS) });
  for (let hops = 0; ; hops++) {
    // What a 307 or 308 sends again: a copy of a request with a body (fetch consumes it), else the request itself.
    const again = request.body ? request.clone() : request;
    x.url = request.url;
    let response: Response;
    try {
      response = await x.fetch(request, init);
    } catch (cause) {
      throw asConnectionError(cause, x);
    }
    const { status } = response;
    const location = /^30[12378]$/.test(`${status}`) && response.headers.get('location');
    if (!location) return response;
    void response.body?.cancel();
    const { url, method } = request;
    const target = URL.parse(location, url);
    const refused = !target
      ? 'its Location is not a URL'
      : target.username || target.password
        ? 'its Location carries user info'
        : url.startsWith('https:') && target.protocol !== 'https:'
          ? 'it leaves https'
          : target.origin !== x.origin
            ? `credentials are only sent to ${x.origin}; follow it yourself if you trust it`
            : hops >= x.maxRedirects && `more than maxRedirects (${x.maxRedirects}) redirects`;
    if (refused) {
      const shown = x.redact(target ? target.origin + target.pathname : '(not a URL)');
      throw new RedirectError(
        `a ${status} redirect to ${shown} was refused: ${refused}`,
        x.details({ status, location: shown }),
      );
    }
    // As fetch does (WHATWG Fetch, HTTP-redirect fetch): 303, and 301/302 after a POST, become a
    // GET without body; 307 and 308 repeat the method and the body.
    request =
      (status === 303 && method !== 'HEAD') || (status < 303 && method === 'POST')
        ? new Request(target!.href, { method: 'GET', headers: without(request, BODY_HEADERS), redirect: 'manual' })
        : new Request(target!.href, again);
  }
}

const isOnOrigin = (url: string, origin: string) => url.startsWith(origin) && url[origin.length] === '/';

/** `request`'s headers without those `drop` matches. */
const without = (request: Request, drop: RegExp) => [...request.headers].filter(([name]) => !drop.test(name));

/**
 * A body read whole, up to `maxResponseBytes`: as text (for `json` and `text`), an ArrayBuffer or
 * a Blob. Past the limit reading stops and the body is cancelled, which closes the connection.
 * (A declared Content-Length over the limit is refused by parse() before reading.)
 */
export async function readBody(response: Response, parseAs: string, x: Exchange): Promise<unknown> {
  // Counted as it is read: fetch reads no further than a Content-Length, but a chunked body has none.
  // An error body past the limit is cut there, so that its status is kept; a 2xx one is refused.
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const room = x.maxResponseBytes - size;
        size += next.value.byteLength;
        if (size > x.maxResponseBytes) {
          if (response.ok) throw tooLarge(x, response.status, reader);
          chunks.push(next.value.subarray(0, room));
          void reader.cancel();
          break;
        }
        chunks.push(next.value);
      }
    } catch (cause) {
      // The connection failing mid-body.
      throw asConnectionError(cause, x);
    }
  }
  if (parseAs === 'blob' || parseAs === 'arrayBuffer') {
    const blob = new Blob(chunks as Uint8Array<ArrayBuffer>[]);
    return parseAs === 'blob' ? blob : blob.arrayBuffer();
  }
  // Decoded chunk by chunk (a character may span two), synchronously: the shared decoder's state cannot interleave.
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

const decoder = new TextDecoder();

/** The error of a body over the limit; cancelling the body (or its reader) closes the connection. */
export function tooLarge(x: Exchange, status: number, body?: { cancel(): Promise<void> } | null) {
  void body?.cancel();
  return new ResponseTooLargeError(
    `the response body exceeds maxResponseBytes (${x.maxResponseBytes} bytes)`,
    x.details({ status, maxResponseBytes: x.maxResponseBytes }),
  );
}

/**
 * A failure of the network layer (undici reports them as TypeError, aborts as AbortError, others
 * with a `code`) as ConnectionError, naming undici's code (ECONNRESET…) when it has one, else the
 * message; anything else (a custom fetch's own bug) as it is. No `cause`: it would be shown unredacted.
 */
export const asConnectionError = (e: unknown, x: Exchange) =>
  e instanceof TypeError || (e instanceof Error && (e.name === 'AbortError' || 'code' in e))
    ? new ConnectionError(
        `the connection failed: ${x.redact(String((e as { cause?: { code?: string } }).cause?.code ?? e.message))}`,
        x.details(),
      )
    : e;

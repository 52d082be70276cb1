// Between openapi-fetch and the network: redirects are followed here rather than by fetch (which
// strips only `Authorization` and would re-send `apikey`, `key` and `secret` to any origin), and
// every response body is bounded.
import { ConnectionError, RedirectError, type RequestDetails, ResponseTooLargeError } from './errors.js';
import type { Redact } from './redact.js';

/** A fetch called as `fetch(request, { signal })`: honour `signal` and `request.redirect` ('manual'). */
export type Fetch = (input: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

export interface Exchange {
  fetch: Fetch;
  /** The init given to every fetch (its `signal` carries the timeout and the caller's abort). */
  init: { signal?: AbortSignal };
  /** The origin the credentials belong to. */
  origin: string;
  /** The headers that carry credentials. */
  credentialHeaders: readonly string[];
  maxRedirects: number;
  maxResponseBytes: number;
  /** Called with each URL before it is fetched (the errors name the last one). */
  onUrl: (url: string) => void;
  details: () => RequestDetails;
  redact: Redact;
}

const REDIRECTS = [301, 302, 303, 307, 308];
/** Headers that describe a body, dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];

/** One request and the same-origin redirects it leads to, with a bounded body. */
export async function exchange(request: Request, x: Exchange): Promise<Response> {
  let url = request.url;
  // A middleware may have sent the request elsewhere: the credentials stay behind.
  if (!url.startsWith(`${x.origin}/`))
    request = rebuild(request, url, request.method, request.body, x.credentialHeaders);
  for (let hops = 0; ; hops++) {
    // Kept only for a request with a body, the one thing a 307 or 308 must send again.
    const body = request.body ? await request.clone().arrayBuffer() : null;
    x.onUrl(url);
    let response: Response;
    try {
      response = await x.fetch(request, x.init);
    } catch (cause) {
      // A bug in a custom fetch (ReferenceError…) is surfaced as it is; fetch reports network
      // failures as TypeError, aborts as AbortError. No `cause`: it would be shown unredacted.
      if (!isTransportError(cause)) throw cause;
      throw new ConnectionError(`the connection failed: ${x.redact(transportReason(cause))}`, x.details());
    }
    const location = REDIRECTS.includes(response.status) && response.headers.get('location');
    if (!location) return bounded(response, x);
    await response.body?.cancel();
    request = follow(request, body, response.status, location, hops, x);
    url = request.url;
  }
}

/** The request a redirect leads to, or a RedirectError when it leaves the origin, downgrades or goes on too long. */
function follow(
  request: Request,
  body: ArrayBuffer | null,
  status: number,
  location: string,
  hops: number,
  x: Exchange,
): Request {
  let target: URL | undefined;
  try {
    target = new URL(location, request.url);
  } catch {}
  const shown = x.redact(target ? target.origin + target.pathname : '(a Location that is not a URL)');
  const refuse = (reason: string) => new RedirectError(reason, status, shown, x.details());
  if (!target) throw refuse('its Location is not a URL');
  if (request.url.startsWith('https:') && target.protocol !== 'https:') throw refuse('it leaves https');
  if (target.origin !== x.origin)
    throw refuse(`credentials are only sent to ${x.origin}; follow it yourself if you trust it`);
  if (hops >= x.maxRedirects) throw refuse(`more than maxRedirects (${x.maxRedirects}) redirects`);
  // As fetch does (WHATWG Fetch, HTTP-redirect fetch): 303, and 301/302 after a POST, become a
  // GET without body; 307 and 308 repeat the method and the body.
  const toGet = (status === 303 && request.method !== 'HEAD') || (status < 303 && request.method === 'POST');
  return toGet
    ? rebuild(request, target.href, 'GET', null, BODY_HEADERS)
    : rebuild(request, target.href, request.method, body, []);
}

/** `request` with another URL, method and body, without the headers named in `drop`. */
function rebuild(
  request: Request,
  url: string,
  method: string,
  body: BodyInit | null,
  drop: readonly string[],
): Request {
  const headers = new Headers(request.headers);
  for (const name of drop) headers.delete(name);
  return new Request(url, { method, headers, body, redirect: 'manual', duplex: 'half' } as RequestInit);
}

/**
 * The response, refused at once when its Content-Length is over `maxResponseBytes`. A 2xx body is
 * read by readBounded(); an error body, read by openapi-fetch, is counted as it is read unless its
 * Content-Length is within the limit (fetch never reads past it). Past the limit the body is
 * cancelled, which closes the connection.
 */
function bounded(response: Response, x: Exchange): Response {
  const { body } = response;
  if (!body) return response;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > x.maxResponseBytes) refuse(body, x);
  if (response.ok || declared <= x.maxResponseBytes) return response;
  const reader = body.getReader();
  let read = 0;
  const limited = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      read += value.byteLength;
      if (read <= x.maxResponseBytes) return controller.enqueue(value);
      void reader.cancel();
      controller.error(new ResponseTooLargeError(x.maxResponseBytes, x.details()));
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(limited, response);
}

function refuse(body: ReadableStream, x: Exchange): never {
  void body.cancel();
  throw new ResponseTooLargeError(x.maxResponseBytes, x.details());
}

const decoder = new TextDecoder();

/** A 2xx body read whole, up to `maxResponseBytes`: as text (for `json` and `text`), an ArrayBuffer or a Blob. */
export function readBody(response: Response, parseAs: string, x: Exchange): Promise<unknown> {
  // bounded() refused a longer declared length, and fetch reads no further than it declares: the
  // built-in reader (the faster one) is enough then.
  if (Number(response.headers.get('content-length') ?? NaN) <= x.maxResponseBytes) {
    return parseAs === 'blob' ? response.blob() : parseAs === 'arrayBuffer' ? response.arrayBuffer() : response.text();
  }
  return readBounded(response.body!, parseAs, x);
}

async function readBounded(body: ReadableStream<Uint8Array>, parseAs: string, x: Exchange): Promise<unknown> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > x.maxResponseBytes) {
      void reader.cancel();
      throw new ResponseTooLargeError(x.maxResponseBytes, x.details());
    }
    chunks.push(next.value);
  }
  let bytes = chunks[0] ?? new Uint8Array();
  if (chunks.length > 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  if (parseAs === 'blob') return new Blob([bytes.slice()]);
  if (parseAs === 'arrayBuffer') return bytes.slice().buffer;
  return decoder.decode(bytes);
}

/** Errors of the network layer (undici) rather than of user code. */
export const isTransportError = (e: unknown) =>
  e instanceof TypeError || (e instanceof Error && (e.name === 'AbortError' || 'code' in e));

/** undici's error code (ECONNRESET…) when it has one, else the message. */
export const transportReason = (e: unknown) =>
  String((e as { cause?: { code?: string } })?.cause?.code ?? (e as Error)?.message ?? e);

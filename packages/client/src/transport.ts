// The custom fetch the client gives openapi-fetch, between it and the network: redirects are
// followed here rather than by fetch (which strips only `Authorization` and would re-send
// `apikey`, `key` and `secret` to any origin), every body is bounded by maxResponseBytes, and a
// streamed body stays under the attempt's timeout and signal until it is read or cancelled.
import { ConnectionError, RedirectError, type RequestDetails, ResponseTooLargeError } from './errors.js';
import { securityHeaders } from './generated/spec.js';
import type { Redact } from './redact.js';

/** A fetch called as `fetch(request, { signal })`: honour `signal` and `request.redirect` ('manual'). */
export type Fetch = (input: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

/** One attempt's control: its signal (timeout and caller's abort), and the end of its watch. */
export interface Control {
  signal: AbortSignal;
  /** Stops the timer and the caller's abort listener. */
  done(): void;
}

/** What one attempt's exchanges share; `url` is updated to the URL of each request sent. */
export interface Exchange {
  fetch: Fetch;
  /** The origin the credentials belong to. */
  origin: string;
  maxRedirects: number;
  maxResponseBytes: number;
  parseAs: string;
  url: string;
  /** The fields of a RequestError, with those of its class. */
  details(fields?: object): RequestDetails;
  redact: Redact;
  /** Called with every credential a request carries (a middleware may have set one), so that it is redacted. */
  sends(secret: string): void;
  /** Set when the 2xx body was handed over as a stream: the attempt's control then ends with it. */
  streamed?: boolean;
  /** The status and the bytes of the last body read whole (for an InvalidResponseError). */
  status?: number | undefined;
  bytes?: Uint8Array | undefined;
}

/** The headers that carry credentials: never sent to another origin. */
export const CREDENTIAL_HEADERS = new RegExp(`^(?:${Object.values(securityHeaders).join('|')})$`, 'i');
/** Headers that describe a body (Content-Type, -Length, -Encoding…), dropped with it when a redirect turns the request into a GET. */
const BODY_HEADERS = /^content-/;

/** The custom fetch of one attempt: one request and the same-origin redirects it leads to, its body bounded. */
export async function exchange(x: Exchange, control: Control, request: Request): Promise<Response> {
  // A middleware may have sent the request elsewhere: the credentials stay behind.
  if (!isOnOrigin(request.url, x.origin))
    request = new Request(request, { headers: without(request, CREDENTIAL_HEADERS) });
  for (const [name, value] of request.headers) if (CREDENTIAL_HEADERS.test(name)) x.sends(value);
  for (let hops = 0; ; hops++) {
    // What a 307 or 308 sends again: a copy of a request with a body (fetch consumes it), else the request itself.
    const again = request.body ? request.clone() : request;
    x.url = request.url;
    let response: Response;
    try {
      response = await x.fetch(request, { signal: control.signal });
    } catch (cause) {
      throw asConnectionError(cause, x);
    }
    const location = /^30[12378]$/.test(`${response.status}`) && response.headers.get('location');
    if (!location) return bounded(response, x, control);
    void response.body?.cancel();
    const target = checkRedirect(x, request.url, response.status, location, hops);
    // As fetch does (WHATWG Fetch, HTTP-redirect fetch): 303, and 301/302 after a POST, become a
    // GET without body; 307 and 308 repeat the method and the body.
    const { method } = request;
    request =
      (response.status === 303 && method !== 'HEAD') || (response.status < 303 && method === 'POST')
        ? new Request(target, {
            method: 'GET',
            headers: without(request, BODY_HEADERS),
            redirect: 'manual',
          })
        : new Request(target, again);
  }
}

/** The target of a redirect that may be followed, or a RedirectError saying why not. */
function checkRedirect(x: Exchange, url: string, status: number, location: string, hops: number): string {
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
  if (!refused) return target!.href;
  // URL's origin leaves the user info out; the query is left out too (it may carry a token).
  const shown = x.redact(target ? target.origin + target.pathname : '(not a URL)');
  throw new RedirectError(
    `a ${status} redirect to ${shown} was refused: ${refused}`,
    x.details({ status, location: shown }),
  );
}

const isOnOrigin = (url: string, origin: string) => url.startsWith(origin) && url[origin.length] === '/';

/** `request`'s headers without those `drop` matches. */
const without = (request: Request, drop: RegExp) => [...request.headers].filter(([name]) => !drop.test(name));

/**
 * The answer as openapi-fetch will parse it. A 2xx body asked for as a stream is handed over
 * under guard (see guarded()); any other is read here, up to maxResponseBytes: a 2xx past it is a
 * ResponseTooLargeError, an error body past it is cut there, so that its status is kept.
 */
async function bounded(response: Response, x: Exchange, control: Control): Promise<Response> {
  const { ok, status, statusText, headers } = response;
  const declared = Number(headers.get('content-length') ?? 0);
  if (ok && declared > x.maxResponseBytes) throw tooLarge(x, status, response.body);
  let body: BodyInit | null = null;
  if (ok && x.parseAs === 'stream' && response.body) {
    x.streamed = true;
    body = guarded(response.body, status, x, control);
  } else if (response.body) {
    x.status = status;
    x.bytes = await readBounded(response.body, ok, status, x);
    // A Response with a 204, 205 or 304 status cannot be built with a body, not even an empty one.
    if (x.bytes.byteLength || !/^(204|205|304)$/.test(`${status}`)) body = x.bytes as Uint8Array<ArrayBuffer>;
  }
  const answer = new Response(body, { status, statusText, headers });
  Object.defineProperty(answer, 'url', { value: response.url });
  return answer;
}

/** Reads a whole body, up to maxResponseBytes (see bounded()). */
async function readBounded(body: ReadableStream<Uint8Array>, ok: boolean, status: number, x: Exchange) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      const room = x.maxResponseBytes - size;
      size += next.value.byteLength;
      if (size > x.maxResponseBytes) {
        if (ok) throw tooLarge(x, status, reader);
        chunks.push(next.value.subarray(0, room));
        void reader.cancel();
        break;
      }
      chunks.push(next.value);
    }
  } catch (cause) {
    // The connection failing mid-body (the attempt turns an abort into its own error).
    throw asConnectionError(cause, x);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(Math.min(size, x.maxResponseBytes));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * A streamed body that stays under the attempt's control until it is read to the end or
 * cancelled: the timeout or the caller's abort errors it with their TimeoutError or AbortedError
 * (and closes the connection), a body past maxResponseBytes with ResponseTooLargeError.
 */
function guarded(body: ReadableStream<Uint8Array>, status: number, x: Exchange, control: Control) {
  const reader = body.getReader();
  let size = 0;
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const fail = (error: unknown) => {
    control.done();
    stream?.error(error);
    void reader.cancel().catch(() => undefined);
  };
  const onAbort = () => fail(control.signal.reason);
  control.signal.addEventListener('abort', onAbort, { once: true });
  return new ReadableStream<Uint8Array>({
    start: (controller) => {
      stream = controller;
    },
    async pull(controller) {
      try {
        const next = await reader.read();
        size += next.value?.byteLength ?? 0;
        if (next.done) {
          control.signal.removeEventListener('abort', onAbort);
          control.done();
          controller.close();
        } else if (size > x.maxResponseBytes) fail(tooLarge(x, status));
        else controller.enqueue(next.value);
      } catch (cause) {
        fail(control.signal.aborted ? control.signal.reason : asConnectionError(cause, x));
      }
    },
    cancel(reason) {
      control.signal.removeEventListener('abort', onAbort);
      control.done();
      return reader.cancel(reason);
    },
  });
}

/** The error of a 2xx body over the limit; cancelling the body (or its reader) closes the connection. */
function tooLarge(x: Exchange, status: number, body?: { cancel(): Promise<void> } | null) {
  void body?.cancel().catch(() => undefined);
  return new ResponseTooLargeError(
    `the response body exceeds maxResponseBytes (${x.maxResponseBytes} bytes)`,
    x.details({ status, maxResponseBytes: x.maxResponseBytes }),
  );
}

/**
 * A failure of the network layer (undici reports them as TypeError, aborts as AbortError, others
 * with a `code`) as ConnectionError, naming undici's code (ECONNRESET…) when it has one, else the
 * message; anything else (the attempt's own errors, a custom fetch's bug) as it is. No `cause`:
 * it would be shown unredacted.
 */
export const asConnectionError = (e: unknown, x: Exchange) =>
  e instanceof TypeError || (e instanceof Error && (e.name === 'AbortError' || 'code' in e))
    ? new ConnectionError(
        `the connection failed: ${x.redact(String((e as { cause?: { code?: string } }).cause?.code ?? e.message))}`,
        x.details(),
      )
    : e;

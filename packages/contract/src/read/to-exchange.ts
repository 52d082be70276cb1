import { type Exchange, type Headers, normalizeHeaders } from './exchange.js';

export type InputFormat = 'ndjson' | 'har';

/** A HAR entry's exchange, and why the client never completed it (then it has no response to check). */
export interface HarEntryExchange {
  exchange: Exchange;
  clientFailure?: string;
}

/** A parsed HAR entry as an exchange, or what is wrong with it. */
export function decodeHarEntry(value: unknown): HarEntryExchange | string {
  const exchange = toExchange(value, 'har');
  if (typeof exchange === 'string') return exchange;
  const clientFailure = clientFailureOf(value as HarEntry);
  return clientFailure === undefined ? { exchange } : { exchange, clientFailure };
}

/** Maps a parsed NDJSON line or HAR entry to an exchange, or returns what is wrong with it. */
export function toExchange(value: unknown, format: InputFormat): Exchange | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `expected a JSON object, found ${describe(value)}`;
  const { request, response } = value as Record<string, unknown>;
  if (typeof request !== 'object' || request === null) return 'request is missing';
  if (typeof response !== 'object' || response === null) return 'response is missing';
  const req = request as Record<string, unknown>;
  const res = response as Record<string, unknown>;
  if (typeof req.method !== 'string' || req.method === '') return 'request.method is missing or not a string';
  if (typeof req.url !== 'string' || req.url === '') return 'request.url is missing or not a string';
  const status = typeof res.status === 'string' && /^\d{3}$/.test(res.status) ? Number(res.status) : res.status;
  if (typeof status !== 'number' || !Number.isInteger(status)) return 'response.status is missing or not an integer';
  if (format === 'har' && status === 0 && !('content' in res)) res.content = {};
  const requestHeaders = normalizeHeaders(req.headers);
  if (!requestHeaders) return 'request.headers must be an object of name → value (or a HAR list of {name, value})';
  const responseHeaders = normalizeHeaders(res.headers);
  if (!responseHeaders) return 'response.headers must be an object of name → value (or a HAR list of {name, value})';
  if (format === 'ndjson') {
    // Built field by field rather than by spreading: this runs for every line.
    const exchange: Exchange = {
      request: { method: req.method, url: req.url, headers: requestHeaders },
      response: { status, headers: responseHeaders },
    };
    if ('body' in req) exchange.request.body = req.body;
    if ('body' in res) exchange.response.body = res.body;
    return exchange;
  }
  if (typeof res.content !== 'object' || res.content === null)
    return 'response.content is missing (HAR 1.2 requires it, with size and mimeType)';
  return harExchange(req, res, requestHeaders, responseHeaders, status);
}

type HarEntry = { request: Record<string, unknown>; response: Record<string, unknown>; _error?: unknown };

/**
 * Why a HAR entry's request never completed, or undefined: browsers record a request that was
 * blocked, cancelled or failed on the network with status 0, and Chrome adds `_error`
 * (`net::ERR_FAILED`) to the response (some tools to the entry).
 */
function clientFailureOf(entry: HarEntry): string | undefined {
  const error = entry.response._error ?? entry._error ?? entry.response._failureText;
  if (typeof error === 'string' && error !== '') return error;
  return entry.response.status === 0 || entry.response.status === '0' ? 'status 0, no response' : undefined;
}

/**
 * A HAR body's text, or whether the recording left it out: HAR 1.2 allows `text` to be omitted, and
 * browsers saving without content (Playwright's `content: 'omit'`, Chrome's sanitized export) keep
 * only the size.
 */
function harBody(text: unknown, size: unknown): { body?: string; bodyNotRecorded?: true } {
  if (typeof text === 'string') return { body: text };
  return typeof size === 'number' && size > 0 ? { bodyNotRecorded: true } : {};
}

function harExchange(
  req: Record<string, unknown>,
  res: Record<string, unknown>,
  requestHeaders: Headers,
  responseHeaders: Headers,
  status: number,
): Exchange {
  const postData = req.postData as { text?: unknown } | undefined;
  const content = res.content as { text?: unknown; encoding?: unknown; mimeType?: unknown; size?: unknown };
  // HAR 1.2 names the body's type in content.mimeType: it stands for a Content-Type header not recorded.
  if (responseHeaders['content-type'] === undefined && typeof content.mimeType === 'string' && content.mimeType !== '')
    responseHeaders['content-type'] = content.mimeType;
  const response = harBody(content.text, content.size);
  if (response.body !== undefined && content.encoding === 'base64')
    response.body = Buffer.from(response.body, 'base64').toString('utf8');
  const request = postData ? harBody(postData.text, req.bodySize) : {};
  return {
    request: { method: req.method as string, url: req.url as string, headers: requestHeaders, ...request },
    response: { status, headers: responseHeaders, ...response },
  };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

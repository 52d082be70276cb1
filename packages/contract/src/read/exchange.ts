/**
 * One recorded HTTP exchange, as read from NDJSON or HAR. A `body` that is a string is the raw
 * body text (parsed as JSON when its media type is JSON); any other value is the already-parsed
 * JSON body; `undefined` means no body. `bodyNotRecorded` marks a body the recording left out
 * (a HAR saved without content: a size, no text), which cannot be checked.
 */
export interface Exchange {
  request: { method: string; url: string; headers: Headers; body?: unknown; bodyNotRecorded?: true };
  response: { status: number; headers: Headers; body?: unknown; bodyNotRecorded?: true };
}

/** Header names lower-cased; repeated headers joined with ", " as HTTP allows. */
export type Headers = Record<string, string>;

/** Where an exchange came from, for reports and input errors. */
export interface ExchangeSource {
  /** 1-based line of an NDJSON file; in a HAR file, the line its entry starts on. */
  line?: number;
  /** 0-based index in a HAR file's `log.entries`. */
  entry?: number;
}

export function describeSource(source: ExchangeSource): string {
  if (source.entry !== undefined) return `entry ${source.entry} (log.entries[${source.entry}])`;
  if (source.line !== undefined) return `line ${source.line}`;
  return 'exchange';
}

/** Accepts `{name: value}` objects (values may be arrays) and HAR's `[{name, value}]` lists. */
export function normalizeHeaders(raw: unknown): Headers | undefined {
  const headers: Headers = {};
  if (raw === undefined || raw === null) return headers;
  if (Array.isArray(raw)) {
    for (const item of raw) {
      if (typeof item !== 'object' || item === null || typeof item.name !== 'string') return undefined;
      if (item.value !== undefined && item.value !== null && !isScalar(item.value)) return undefined;
      addHeader(headers, item.name, String(item.value ?? ''));
    }
    return headers;
  }
  if (typeof raw !== 'object') return undefined;
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) {
      // One level of list (a repeated header), no deeper: a nested value is not a header value.
      if (!value.every(isScalar)) return undefined;
      for (const v of value) addHeader(headers, name, String(v));
    } else if (value !== undefined && value !== null) {
      if (!isScalar(value)) return undefined;
      addHeader(headers, name, String(value));
    }
  }
  return headers;
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function addHeader(headers: Headers, name: string, value: string): void {
  const key = name.toLowerCase();
  // HTTP/2 pseudo-headers recorded by browsers are not message headers.
  if (key.startsWith(':')) return;
  headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
}

/** Splits a recorded URL (absolute or origin-relative) into path and query, as recorded (`new URL` would normalise the path). */
export function splitUrl(url: string): { pathname: string; query: string } {
  const scheme = url.startsWith('/') ? -1 : url.indexOf('://');
  const start = scheme === -1 ? 0 : authorityEnd(url, scheme + 3);
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const q = url.indexOf('?', start);
  const pathEnd = q !== -1 && q < end ? q : end;
  // An absolute URL without a path (`https://host?x=1`) is at `/`.
  const pathname = scheme !== -1 && pathEnd === start ? '/' : url.slice(start, pathEnd);
  return { pathname, query: pathEnd < end ? url.slice(pathEnd + 1, end) : '' };
}

/**
 * Where the authority of an absolute URL that starts at `from` ends: at its first `/`, `?` or `#`
 * (a `/` in the query is not the path's), else at the URL's end.
 */
function authorityEnd(url: string, from: number): number {
  let end = url.length;
  const slash = url.indexOf('/', from);
  if (slash !== -1) end = slash;
  const query = url.indexOf('?', from);
  if (query !== -1 && query < end) end = query;
  const hash = url.indexOf('#', from);
  if (hash !== -1 && hash < end) end = hash;
  return end;
}

/** A scheme's default port, as an origin leaves it out: recorded origins are compared without it. */
export const DEFAULT_PORTS: Record<string, string> = { https: ':443', http: ':80' };

/**
 * `scheme://host[:port]` of an absolute URL, lower-cased, without user info (it may hold a
 * credential) or the scheme's default port; `''` for a relative URL.
 */
export function originOf(url: string): string {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd <= 0 || url.startsWith('/')) return '';
  const scheme = url.slice(0, schemeEnd).toLowerCase();
  const authority = url.slice(schemeEnd + 3, authorityEnd(url, schemeEnd + 3));
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  const defaultPort = DEFAULT_PORTS[scheme];
  return `${scheme}://${defaultPort && hostPort.endsWith(defaultPort) ? hostPort.slice(0, -defaultPort.length) : hostPort}`;
}

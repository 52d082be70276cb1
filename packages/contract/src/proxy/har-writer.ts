import { createWriteStream, type WriteStream } from 'node:fs';
import { isSecretName } from '../check/violations.js';
import type { Exchange, Headers } from '../read/exchange.js';

const REDACTED = '(redacted)';

/**
 * Streams exchanges to a HAR 1.2 file as they happen, so memory stays flat however long the proxy
 * runs. Credentials are redacted on the way: headers and query parameters with a secret-looking
 * name (`apikey`, `key`, `secret`, `authorization`, cookies, tokens…), URL user info, and bodies
 * (see {@link redactBody}). `validate` reads the file back.
 */
export class HarWriter {
  private readonly out: WriteStream;
  private entries = 0;
  private failure: Error | undefined;

  constructor(readonly path: string) {
    this.out = createWriteStream(path, { encoding: 'utf8' });
    this.out.on('error', (error) => {
      this.failure = error;
    });
    this.out.write(
      '{"log":{"version":"1.2","creator":{"name":"chatplatform-contract proxy","version":"1"},"entries":[\n',
    );
  }

  /** Writes one exchange; resolves once the file has taken it, so a slow disk holds back the exchange, not memory. */
  add(exchange: Exchange, startedAt: Date, elapsedMs: number): Promise<void> {
    const entry = {
      startedDateTime: startedAt.toISOString(),
      time: elapsedMs,
      request: {
        method: exchange.request.method,
        url: redactUrl(exchange.request.url),
        httpVersion: 'HTTP/1.1',
        headers: harHeaders(exchange.request.headers),
        queryString: [],
        cookies: [],
        headersSize: -1,
        // bodySize and content.size are the body's own size in bytes; the text written is redacted.
        bodySize: byteLength(exchange.request.body),
        ...(exchange.request.body === undefined
          ? {}
          : {
              postData: {
                mimeType: exchange.request.headers['content-type'] ?? '',
                text: redactBody(exchange.request.body),
              },
            }),
      },
      response: {
        status: exchange.response.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        headers: harHeaders(exchange.response.headers),
        cookies: [],
        content: {
          size: byteLength(exchange.response.body),
          mimeType: exchange.response.headers['content-type'] ?? '',
          text: redactBody(exchange.response.body) ?? '',
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: elapsedMs, receive: 0 },
    };
    const taken = this.out.write(`${this.entries++ === 0 ? '' : ',\n'}${JSON.stringify(entry)}`);
    if (taken || this.failure) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.out.off('drain', done).off('error', done);
        resolve();
      };
      this.out.once('drain', done).once('error', done);
    });
  }

  /** Closes the JSON document; rejects when the file could not be written. */
  close(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.out.end('\n]}}\n', () => (this.failure ? reject(this.failure) : resolve()));
    });
  }
}

function harHeaders(headers: Headers): Array<{ name: string; value: string }> {
  return Object.entries(headers).map(([name, value]) => ({ name, value: isSecretName(name) ? REDACTED : value }));
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** How deep {@link redactBody} walks a JSON body; anything deeper is replaced, so a hostile body cannot overflow the stack. */
export const MAX_REDACTION_DEPTH = 64;

/**
 * A body as the HAR holds it. JSON (a parsed value, or text that parses) has the value under every
 * secret-looking name replaced by `(redacted)`, at any depth, inside strings that hold JSON too:
 * the auth-token flow's `authToken`, a `password`, `credentials`… A body with nothing to redact is
 * written as it came, so that its numbers and spacing stay exact for a replay. Text that is not JSON
 * (a form, plain text) cannot be searched for secrets by name, so it is replaced by a marker with
 * its size. A body that is a bare JSON string has no names: it is written as it came.
 */
export function redactBody(body: unknown): string | undefined {
  if (body === undefined || body === '') return bodyText(body);
  let value = body;
  if (typeof body === 'string') {
    try {
      // A leading byte-order mark is ignored, as the validator ignores it.
      value = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
    } catch {
      return `(redacted: ${byteLength(body)} bytes, not JSON)`;
    }
  }
  const redacted = redactValue(value, 0);
  return redacted === value ? bodyText(body) : JSON.stringify(redacted);
}

/** `value` with secrets redacted: the same value when there was nothing to redact. */
function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactJsonText(value, depth);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_REDACTION_DEPTH) return `(redacted: nested deeper than ${MAX_REDACTION_DEPTH} levels)`;
  let changed = false;
  const redact = (item: unknown, secret = false) => {
    const result = secret ? REDACTED : redactValue(item, depth + 1);
    changed ||= result !== item;
    return result;
  };
  const result = Array.isArray(value)
    ? value.map((item) => redact(item))
    : Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redact(item, isSecretName(name))]));
  return changed ? result : value;
}

/** A string that holds a JSON object or array (a body within a body) is redacted inside. */
function redactJsonText(text: string, depth: number): string {
  if (!/^\s*[[{]/.test(text)) return text;
  let inner: unknown;
  try {
    inner = JSON.parse(text);
  } catch {
    return text;
  }
  const redacted = redactValue(inner, depth + 1);
  return redacted === inner ? text : JSON.stringify(redacted);
}

/** A body's size in bytes, as HAR's `bodySize` and `content.size` count it. */
function byteLength(body: unknown): number {
  const text = bodyText(body);
  return text === undefined ? 0 : Buffer.byteLength(text);
}

/** The URL with user info dropped and secret-looking query values replaced. */
export function redactUrl(value: string): string {
  const url = new URL(value);
  url.username = '';
  url.password = '';
  for (const name of [...new Set(url.searchParams.keys())]) {
    if (isSecretName(name)) url.searchParams.set(name, REDACTED);
  }
  return url.toString();
}

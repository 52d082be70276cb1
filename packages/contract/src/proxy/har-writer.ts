import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { isSecretName } from '../violations.js';

/** A header as HAR lists it; repeated headers stay separate entries. */
export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntryInput {
  startedAt: number;
  durationMs: number;
  method: string;
  /** Absolute URL of the upstream request (query included: it is redacted here). */
  url: string;
  requestHeaders: HarHeader[];
  requestBody?: string;
  status: number;
  responseHeaders: HarHeader[];
  responseBody: string;
}

const REDACTED = 'REDACTED';

/** Credentials never reach the file: secret-looking header names, cookies and query parameters. */
export function redactHeaders(headers: HarHeader[]): HarHeader[] {
  return headers.map(({ name, value }) => ({ name, value: isSecretName(name) ? REDACTED : value }));
}

export function redactUrl(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (isSecretName(name)) parsed.searchParams.set(name, REDACTED);
  }
  return parsed.toString();
}

/**
 * Writes HAR 1.2 entry by entry to disk, so memory does not grow with the traffic; `close()`
 * ends the `entries` array and the document, so the file is valid HAR whatever was written.
 */
export class HarWriter {
  private readonly out: WriteStream;
  private entries = 0;
  private failure: Error | undefined;

  constructor(readonly path: string) {
    this.out = createWriteStream(path, { flags: 'w' });
    this.out.on('error', (error) => (this.failure = error));
    this.out.write('{"log":{"version":"1.2","creator":{"name":"chatplatform-contract proxy","version":"0.1.0"},"entries":[\n');
  }

  get error(): Error | undefined {
    return this.failure;
  }

  write(input: HarEntryInput): void {
    const entry = toHarEntry(input);
    this.out.write(`${this.entries++ === 0 ? '' : ',\n'}${JSON.stringify(entry)}`);
  }

  async close(): Promise<void> {
    this.out.end('\n]}}\n');
    if (!this.out.closed && !this.failure) await Promise.race([once(this.out, 'close'), once(this.out, 'error')]).catch(() => {});
    if (this.failure) throw new Error(`--har ${this.path}: ${this.failure.message}`);
  }
}

function toHarEntry(input: HarEntryInput) {
  const url = redactUrl(input.url);
  const requestHeaders = redactHeaders(input.requestHeaders);
  const responseHeaders = redactHeaders(input.responseHeaders);
  const requestType = headerValue(input.requestHeaders, 'content-type') ?? 'application/octet-stream';
  return {
    startedDateTime: new Date(input.startedAt).toISOString(),
    time: input.durationMs,
    request: {
      method: input.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: requestHeaders,
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      ...(input.requestBody !== undefined ? { postData: { mimeType: requestType, text: input.requestBody } } : {}),
      headersSize: -1,
      bodySize: input.requestBody === undefined ? 0 : Buffer.byteLength(input.requestBody),
    },
    response: {
      status: input.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseHeaders,
      content: {
        size: Buffer.byteLength(input.responseBody),
        mimeType: headerValue(input.responseHeaders, 'content-type') ?? '',
        text: input.responseBody,
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: input.durationMs, receive: 0 },
  };
}

export function headerValue(headers: HarHeader[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

import { createReadStream } from 'node:fs';
import { JSONParser } from '@streamparser/json';
import { describeSource, type Exchange, type ExchangeSource, normalizeHeaders } from './exchange.js';

export type InputFormat = 'ndjson' | 'har';

/** The input cannot be read: `where` names the line or entry, `message` what was wrong. */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${file}: ${where ? `${where}: ` : ''}${problem}`);
    this.name = 'InputError';
  }
}

export interface RecordedExchange {
  exchange: Exchange;
  source: ExchangeSource;
}

export interface ReadOptions {
  /** Force a format instead of sniffing it from the extension and the first line. */
  format?: InputFormat;
  /** Name used in messages; default: the path, or `stdin` for a stream. */
  name?: string;
}

const NDJSON_SHAPE =
  'each line must be one JSON object {"request": {"method", "url", "headers", "body"?}, "response": {"status", "headers", "body"}}';

/**
 * Reads recorded exchanges from a file path, `-` (stdin) or a stream, as NDJSON (streamed line
 * by line with readline) or HAR 1.2 (streamed entry by entry). Exchanges read before a fault are
 * yielded first; the fault is then thrown as an {@link InputError}.
 */
export async function* readExchanges(
  input: string | NodeJS.ReadableStream,
  options: ReadOptions = {},
): AsyncGenerator<RecordedExchange> {
  const name = inputName(input, options);
  const stream = typeof input !== 'string' ? input : input === '-' ? process.stdin : createReadStream(input);
  const chunks = byteChunks(stream, name);
  const first = await chunks.next();
  if (first.done) throw new InputError(name, '', 'the input is empty: expected NDJSON or HAR 1.2 recorded traffic');
  const head = first.value;
  if (head[0] === 0x1f && head[1] === 0x8b) {
    throw new InputError(
      name,
      'byte 0',
      'the input is gzip-compressed: decompress it first (gunzip, or zcat FILE | chatplatform-contract validate -)',
    );
  }
  if (isUtf16(head)) {
    throw new InputError(
      name,
      'byte 0',
      'the input is UTF-16 encoded: convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8 FILE)',
    );
  }
  const rest = prepend(head, chunks);
  const format = options.format ?? sniffFormat(name, head);
  if (format === 'har') yield* readHar(rest, name);
  else yield* readNdjson(rest, name);
}

/** A UTF-16 byte-order mark, or the zero bytes UTF-16 puts beside every ASCII character. */
function isUtf16(head: Uint8Array): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  return head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0;
}

/** The input's name in messages and reports: `options.name`, else the path, else `stdin`. */
export function inputName(input: string | NodeJS.ReadableStream, options: ReadOptions = {}): string {
  return options.name ?? (typeof input === 'string' && input !== '-' ? input : 'stdin');
}

async function* byteChunks(stream: NodeJS.ReadableStream, name: string): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory, not a file'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new InputError(name, '', `cannot read the input (${why})`);
  }
}

async function* prepend(head: Uint8Array, rest: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield head;
  yield* rest;
}

function sniffFormat(name: string, head: Uint8Array): InputFormat {
  if (/\.har$/i.test(name)) return 'har';
  if (/\.(ndjson|jsonl)$/i.test(name)) return 'ndjson';
  const text = Buffer.from(head.subarray(0, 64 * 1024)).toString('utf8');
  const newline = text.indexOf('\n');
  const firstLine = newline === -1 ? text : text.slice(0, newline);
  try {
    const value = JSON.parse(firstLine);
    return value && typeof value === 'object' && 'log' in value ? 'har' : 'ndjson';
  } catch {
    return /^\s*\{\s*("log"\s*:)?\s*$/.test(firstLine) || /"log"\s*:/.test(text.slice(0, 2048)) ? 'har' : 'ndjson';
  }
}

/** Longest NDJSON line read; a longer one is an input error, so memory stays bounded. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

async function* readNdjson(chunks: AsyncGenerator<Uint8Array>, name: string): AsyncGenerator<RecordedExchange> {
  let line = 0;
  for await (const text of boundedLines(chunks, name)) {
    line += 1;
    if (text.trim() === '') continue;
    if (text.includes('\u0000'))
      throw new InputError(name, `line ${line}`, `binary data (a NUL byte), not text: ${NDJSON_SHAPE}`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const why = /Unexpected end|Unterminated string/.test((error as Error).message)
        ? 'the line ends before its JSON value does (truncated)'
        : 'not valid JSON';
      throw new InputError(name, `line ${line}`, `${why}: ${NDJSON_SHAPE}`);
    }
    const exchange = toExchange(value, 'ndjson');
    if (typeof exchange === 'string') throw new InputError(name, `line ${line}`, `${exchange}: ${NDJSON_SHAPE}`);
    yield { exchange, source: { line } };
  }
}

/** Splits UTF-8 input into lines (LF or CRLF) without holding more than one line of at most MAX_LINE_BYTES. */
async function* boundedLines(chunks: AsyncGenerator<Uint8Array>, name: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 1;
  const take = (tail: Uint8Array) => {
    const bytes = Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
    return decoder.decode(bytes.subarray(0, end));
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
      yield take(chunk.subarray(start, newline));
      line++;
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    pendingBytes += rest.length;
    if (pendingBytes > MAX_LINE_BYTES) {
      throw new InputError(
        name,
        `line ${line}`,
        `the line is longer than ${MAX_LINE_BYTES} bytes: one exchange per line is expected (${NDJSON_SHAPE})`,
      );
    }
    if (rest.length > 0) pending.push(rest);
  }
  if (pendingBytes > 0) yield take(new Uint8Array());
}

/** HAR is streamed with @streamparser/json: entries come out one by one as `log.entries.*`. */
async function* readHar(chunks: AsyncGenerator<Uint8Array>, name: string): AsyncGenerator<RecordedExchange> {
  const parser = new JSONParser({ paths: ['$.log.version', '$.log.entries.*'], keepStack: false });
  const ready: RecordedExchange[] = [];
  let fault: InputError | undefined;
  let isHar = false;
  let entries = 0;
  let bytesBefore = 0;
  let linesBefore = 1;
  let current: Uint8Array = new Uint8Array();
  parser.onValue = ({ value, key }) => {
    if (fault) return;
    isHar = true;
    if (key === 'version') return;
    const index = entries++;
    if (typeof key !== 'number') {
      fault = new InputError(name, 'log.entries', 'log.entries must be an array of HAR entries (found an object)');
      return;
    }
    const exchange = toExchange(value, 'har');
    if (typeof exchange === 'string') {
      fault = new InputError(
        name,
        describeSource({ entry: index }),
        `${exchange}: each HAR entry needs request {method, url, headers} and response {status, headers, content}`,
      );
    } else ready.push({ exchange, source: { entry: index } });
  };
  parser.onError = (error) => {
    if (fault) return;
    const position = /absolute position "(\d+)"/.exec(error.message)?.[1];
    const where = position === undefined ? 'end of input' : `line ${lineAt(Number(position))}`;
    const problem =
      position === undefined
        ? 'the file ends in the middle of a JSON value (truncated)'
        : 'not valid JSON (binary or corrupted data)';
    fault = new InputError(
      name,
      `${where}, in ${describeSource({ entry: entries })}`,
      `${problem}; entries read before it: ${entries}`,
    );
  };
  const lineAt = (position: number): number => {
    let line = linesBefore;
    const upTo = Math.min(position - bytesBefore, current.length);
    for (let i = 0; i < upTo; i++) if (current[i] === 0x0a) line++;
    return line;
  };
  for await (const chunk of chunks) {
    current = chunk;
    if (chunk.includes(0)) {
      const at = chunk.indexOf(0);
      const line = lineAt(bytesBefore + at);
      parser.write(chunk.subarray(0, at));
      yield* ready.splice(0);
      throw (
        fault ??
        new InputError(
          name,
          `line ${line}, in ${describeSource({ entry: entries })}`,
          `binary data (a NUL byte), not HAR JSON; entries read before it: ${entries}`,
        )
      );
    }
    try {
      parser.write(chunk);
    } catch (error) {
      parser.onError(error as Error);
    }
    yield* ready.splice(0);
    if (fault) throw fault;
    for (const byte of chunk) if (byte === 0x0a) linesBefore++;
    bytesBefore += chunk.length;
  }
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch (error) {
      parser.onError(error as Error);
    }
  }
  yield* ready.splice(0);
  if (fault) throw fault;
  if (!isHar)
    throw new InputError(
      name,
      '',
      'not a HAR 1.2 file: no log.entries array (record NDJSON with .ndjson, or pass --input ndjson)',
    );
}

/** Maps a parsed NDJSON line or HAR entry to an exchange, or returns what is wrong with it. */
function toExchange(value: unknown, format: InputFormat): Exchange | string {
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
  const requestHeaders = normalizeHeaders(req.headers);
  if (!requestHeaders) return 'request.headers must be an object of name → value (or a HAR list of {name, value})';
  const responseHeaders = normalizeHeaders(res.headers);
  if (!responseHeaders) return 'response.headers must be an object of name → value (or a HAR list of {name, value})';
  if (format === 'ndjson') {
    return {
      request: {
        method: req.method,
        url: req.url,
        headers: requestHeaders,
        ...('body' in req ? { body: req.body } : {}),
      },
      response: { status, headers: responseHeaders, ...('body' in res ? { body: res.body } : {}) },
    };
  }
  if (typeof res.content !== 'object' || res.content === null)
    return 'response.content is missing (HAR 1.2 requires it, with size and mimeType)';
  const postData = req.postData as { text?: unknown } | undefined;
  const content = res.content as { text?: unknown; encoding?: unknown };
  let responseBody: string | undefined = typeof content?.text === 'string' ? content.text : undefined;
  if (responseBody !== undefined && content?.encoding === 'base64')
    responseBody = Buffer.from(responseBody, 'base64').toString('utf8');
  return {
    request: {
      method: req.method,
      url: req.url,
      headers: requestHeaders,
      ...(typeof postData?.text === 'string' ? { body: postData.text } : {}),
    },
    response: { status, headers: responseHeaders, ...(responseBody !== undefined ? { body: responseBody } : {}) },
  };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

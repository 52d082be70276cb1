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
  /** Longest NDJSON line accepted, in bytes (default 256 MiB): a longer one is an input error, not a crash. */
  maxLineBytes?: number;
}

const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

const NDJSON_SHAPE =
  'each line must be one JSON object {"request": {"method", "url", "headers", "body"?}, "response": {"status", "headers", "body"}}';

/**
 * Reads recorded exchanges from a file path, `-` (stdin) or a stream, as NDJSON (streamed line
 * by line with readline) or HAR 1.2 (streamed entry by entry). Exchanges read before a fault are
 * yielded first; the fault is then thrown as an {@link InputError}.
 */
export async function* readExchanges(input: string | NodeJS.ReadableStream, options: ReadOptions = {}): AsyncGenerator<RecordedExchange> {
  const name = inputName(input, options);
  const stream = typeof input !== 'string' ? input : input === '-' ? process.stdin : createReadStream(input);
  const chunks = byteChunks(stream, name);
  const first = await chunks.next();
  if (first.done) throw new InputError(name, '', 'the input is empty: expected NDJSON or HAR 1.2 recorded traffic');
  const head = first.value;
  if (head[0] === 0x1f && head[1] === 0x8b) {
    throw new InputError(name, 'byte 0', 'the input is gzip-compressed: decompress it first (gunzip, or zcat FILE | chatplatform-contract validate -)');
  }
  const utf16 = utf16Of(head);
  if (utf16) throw new InputError(name, 'byte 0', `the input is ${utf16} text: convert it to UTF-8 first (iconv -f ${utf16} -t UTF-8 FILE)`);
  const rest = prepend(head, chunks);
  const format = options.format ?? sniffFormat(name, head);
  if (format === 'har') yield* readHar(rest, name);
  else yield* readNdjson(rest, name, options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
}

/** UTF-16 by its byte-order mark, or by NUL bytes between ASCII in the first characters. */
function utf16Of(head: Uint8Array): string | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
  if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return 'UTF-16LE';
  if (head.length >= 4 && head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0) return 'UTF-16BE';
  return undefined;
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
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
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

async function* readNdjson(chunks: AsyncGenerator<Uint8Array>, name: string, maxLineBytes: number): AsyncGenerator<RecordedExchange> {
  let line = 0;
  for await (const bytes of ndjsonLines(chunks, name, maxLineBytes)) {
    line += 1;
    const value = parseLine(bytes, name, line);
    if (value === undefined) continue;
    const exchange = toExchange(value, 'ndjson');
    if (typeof exchange === 'string') throw new InputError(name, `line ${line}`, `${exchange}: ${NDJSON_SHAPE}`);
    yield { exchange, source: { line } };
  }
}

/** One NDJSON line's JSON value; `undefined` for a blank line. A UTF-8 BOM opening the file is skipped. */
function parseLine(bytes: Buffer, name: string, line: number): unknown {
  const start = line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (bytes.includes(0)) throw new InputError(name, `line ${line}`, `binary data (a NUL byte), not text: ${NDJSON_SHAPE}`);
  const text = bytes.toString('utf8', start);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    const why = /Unexpected end|Unterminated string/.test((error as Error).message) ? 'the line ends before its JSON value does (truncated)' : 'not valid JSON';
    throw new InputError(name, `line ${line}`, `${why}: ${NDJSON_SHAPE}`);
  }
}

/**
 * Splits a byte stream into lines (LF or CRLF) without decoding more than one line at a time, and
 * refuses a line longer than `maxLineBytes` instead of growing a string until the process dies.
 */
async function* ndjsonLines(chunks: AsyncGenerator<Uint8Array>, name: string, maxLineBytes: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 1;
  for await (const chunk of chunks) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let end = buffer.indexOf(0x0a); end !== -1; end = buffer.indexOf(0x0a, start)) {
      const piece = buffer.subarray(start, end);
      const whole = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      if (whole.length > maxLineBytes) throw lineTooLong(name, line, maxLineBytes);
      yield trimCr(whole);
      pending = [];
      pendingBytes = 0;
      line += 1;
      start = end + 1;
    }
    if (start < buffer.length) {
      pending.push(buffer.subarray(start));
      pendingBytes += buffer.length - start;
      if (pendingBytes > maxLineBytes) throw lineTooLong(name, line, maxLineBytes);
    }
  }
  if (pending.length > 0) yield trimCr(Buffer.concat(pending));
}

function trimCr(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
}

function lineTooLong(name: string, line: number, maxLineBytes: number): InputError {
  const mib = Math.round(maxLineBytes / (1024 * 1024));
  return new InputError(name, `line ${line}`, `the line is longer than ${mib > 0 ? `${mib} MiB` : `${maxLineBytes} bytes`} with no newline: NDJSON holds one exchange per line (is this a JSON array or a HAR file? pass --input har for HAR)`);
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
    const exchange = toExchange(value, 'har');
    if (typeof exchange === 'string') {
      fault = new InputError(name, describeSource({ entry: index }), `${exchange}: each HAR entry needs request {method, url, headers} and response {status, headers, content}`);
    } else ready.push({ exchange, source: { entry: index } });
  };
  parser.onError = (error) => {
    if (fault) return;
    const position = /absolute position "(\d+)"/.exec(error.message)?.[1];
    const where = position === undefined ? 'end of input' : `line ${lineAt(Number(position))}`;
    const problem = position === undefined ? 'the file ends in the middle of a JSON value (truncated)' : 'not valid JSON (binary or corrupted data)';
    fault = new InputError(name, `${where}, in ${describeSource({ entry: entries })}`, `${problem}; entries read before it: ${entries}`);
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
      throw fault ?? new InputError(name, `line ${line}, in ${describeSource({ entry: entries })}`, `binary data (a NUL byte), not HAR JSON; entries read before it: ${entries}`);
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
  if (!isHar) throw new InputError(name, '', 'not a HAR 1.2 file: no log.entries array (record NDJSON with .ndjson, or pass --input ndjson)');
}

/** Maps a parsed NDJSON line or HAR entry to an exchange, or returns what is wrong with it. */
function toExchange(value: unknown, format: InputFormat): Exchange | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `expected a JSON object, found ${describe(value)}`;
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
  if (!requestHeaders) return 'request.headers must map each name to a string (or a list of strings), or be a HAR list of {name, value}';
  const responseHeaders = normalizeHeaders(res.headers);
  if (!responseHeaders) return 'response.headers must map each name to a string (or a list of strings), or be a HAR list of {name, value}';
  if (format === 'ndjson') {
    return {
      request: { method: req.method, url: req.url, headers: requestHeaders, ...('body' in req ? { body: req.body } : {}) },
      response: { status, headers: responseHeaders, ...('body' in res ? { body: res.body } : {}) },
    };
  }
  const postData = req.postData as { text?: unknown } | undefined;
  if (typeof res.content !== 'object' || res.content === null) return 'response.content is missing (HAR 1.2 requires it, even for an empty body)';
  const content = res.content as { text?: unknown; encoding?: unknown };
  let responseBody: string | undefined = typeof content?.text === 'string' ? content.text : undefined;
  if (responseBody !== undefined && content?.encoding === 'base64') responseBody = Buffer.from(responseBody, 'base64').toString('utf8');
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

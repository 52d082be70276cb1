import { createReadStream } from 'node:fs';
import { InputError } from '../errors.js';
import { describeSource, type Exchange, type ExchangeSource, type Headers, normalizeHeaders } from './exchange.js';
import { HarScanner, linesIn } from './har-scanner.js';
import { jsonErrorIndex } from './json-syntax.js';
import {
  type EntrySlice,
  type HarBatch,
  MAX_LINE_BYTES,
  type NdjsonBatch,
  newlines,
  type RawBatch,
} from './recording-batch.js';

export { MAX_LINE_BYTES, type RawBatch };

export type InputFormat = 'ndjson' | 'har';

export interface RecordedExchange {
  exchange: Exchange;
  source: ExchangeSource;
  /**
   * Why the client never completed this request (a HAR entry with status 0 or `_error`, as
   * browsers record a blocked or failed request): it has no response to check.
   */
  clientFailure?: string;
}

export interface ReadOptions {
  /** Force a format instead of sniffing it from the extension and the first line. */
  format?: InputFormat;
  /** Name used in messages; default: the path, or `stdin` for a stream. */
  name?: string;
}

export const NDJSON_SHAPE =
  'each line must be one JSON object {"request": {"method", "url", "headers", "body"?}, "response": {"status", "headers", "body"}}';

/**
 * Reads recorded exchanges from a file path, `-` (stdin) or a stream, as NDJSON (line by line) or
 * HAR 1.2 (entry by entry). Exchanges read before a fault are yielded first; the fault is then
 * thrown as an {@link InputError}.
 */
export async function* readExchanges(
  input: string | NodeJS.ReadableStream,
  options: ReadOptions = {},
): AsyncGenerator<RecordedExchange> {
  const name = inputName(input, options);
  for await (const batch of readBatches(input, options)) {
    const { exchanges, fault } = decodeBatch(batch, name);
    yield* exchanges;
    if (fault) throw fault;
  }
}

/** Bytes read from a file at a time: a batch holds hundreds of exchanges, and few reads wait on the thread pool. */
const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * Cuts the input into batches of whole, unparsed exchanges (see {@link RawBatch}); {@link decodeBatch}
 * parses them. Faults of the input's shape (gzip, UTF-16, a line too long, a HAR's structure, a NUL
 * byte in a HAR) are thrown after the batches before them.
 */
export async function* readBatches(
  input: string | NodeJS.ReadableStream,
  options: ReadOptions = {},
): AsyncGenerator<RawBatch> {
  const name = inputName(input, options);
  const stream =
    typeof input !== 'string'
      ? input
      : input === '-'
        ? process.stdin
        : createReadStream(input, { highWaterMark: FILE_CHUNK_BYTES });
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
  if (format === 'har') yield* harBatches(rest, name);
  else yield* ndjsonBatches(rest, name);
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

async function* ndjsonBatches(chunks: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<NdjsonBatch> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let line = 1;
  const tooLong = () =>
    new InputError(
      name,
      `line ${line}`,
      `the line is longer than ${MAX_LINE_BYTES} bytes: one exchange per line is expected (${NDJSON_SHAPE})`,
    );
  for await (const chunk of chunks) {
    const last = chunk.lastIndexOf(0x0a);
    if (last === -1) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_LINE_BYTES) throw tooLong();
      continue;
    }
    const first = chunk.indexOf(0x0a);
    if (pendingBytes + first > MAX_LINE_BYTES) throw tooLong();
    let from = 0;
    if (pendingBytes > 0) {
      // Only the line that straddles two chunks is copied; the chunk's own whole lines go on as a view of it.
      from = first + 1;
      yield { format: 'ndjson', bytes: Buffer.concat([...pending, chunk.subarray(0, from)]), firstLine: line };
      line++;
    }
    if (from <= last) {
      const whole = chunk.subarray(from, last + 1);
      yield { format: 'ndjson', bytes: whole, firstLine: line };
      line += newlines(whole);
    }
    const rest = chunk.subarray(last + 1);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    if (pendingBytes > MAX_LINE_BYTES) throw tooLong();
  }
  if (pendingBytes > 0) yield { format: 'ndjson', bytes: Buffer.concat(pending), firstLine: line };
}

async function* harBatches(chunks: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<HarBatch> {
  const scanner = new HarScanner(name);
  for await (const chunk of chunks) {
    yield* scanner.push(asBuffer(chunk));
    if (scanner.fault) throw scanner.fault;
  }
  scanner.end();
  if (scanner.fault) throw scanner.fault;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A batch's exchanges, in input order, up to its first fault (which ends the input). */
export interface DecodedBatch {
  exchanges: RecordedExchange[];
  fault?: InputError;
}

/** Parses a batch cut by {@link readBatches}. */
export function decodeBatch(batch: RawBatch, name: string): DecodedBatch {
  return batch.format === 'ndjson' ? decodeNdjson(batch, name) : decodeHar(batch, name);
}

/**
 * Bytes decoded to text at a time: whole lines, few enough for the string to be an ordinary young
 * object. A string the size of the batch would go to the large-object space, where every few
 * megabytes set off a full garbage collection; a string per line costs a native call per line.
 */
const SPAN_BYTES = 32 * 1024;

function decodeNdjson(batch: NdjsonBatch, name: string): DecodedBatch {
  const bytes = asBuffer(batch.bytes);
  // One search of the batch's bytes instead of one per line: NUL bytes are rare.
  const mayHoldNul = bytes.indexOf(0) !== -1;
  const exchanges: RecordedExchange[] = [];
  let line = batch.firstLine;
  for (let spanStart = 0; spanStart < bytes.length; ) {
    const spanEnd = spanEndAt(bytes, spanStart);
    const text = bytes.toString('utf8', spanStart, spanEnd);
    for (let start = 0; start < text.length; line++) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      const fault = decodeLine(lineText(text, start, end), line, name, exchanges, mayHoldNul);
      if (fault) return { exchanges, fault };
      start = end + 1;
    }
    spanStart = spanEnd;
  }
  return { exchanges };
}

/** Where the span of whole lines from `start` ends: after the last LF within SPAN_BYTES, else after the first line. */
function spanEndAt(bytes: Buffer, start: number): number {
  if (bytes.length - start <= SPAN_BYTES) return bytes.length;
  const last = bytes.lastIndexOf(0x0a, start + SPAN_BYTES - 1);
  if (last >= start) return last + 1;
  const first = bytes.indexOf(0x0a, start);
  return first === -1 ? bytes.length : first + 1;
}

/** A line without its CR, and without a byte-order mark (as a UTF-8 decoder drops it). */
function lineText(text: string, start: number, end: number): string {
  const from = text.charCodeAt(start) === 0xfeff ? start + 1 : start;
  return text.slice(from, end > from && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end);
}

function decodeLine(
  text: string,
  line: number,
  name: string,
  out: RecordedExchange[],
  mayHoldNul = true,
): InputError | undefined {
  if (text.trim() === '') return undefined;
  if (mayHoldNul && text.includes('\u0000'))
    return new InputError(name, `line ${line}`, `binary data (a NUL byte), not text: ${NDJSON_SHAPE}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const why = /Unexpected end|Unterminated string/.test((error as Error).message)
      ? 'the line ends before its JSON value does (truncated)'
      : 'not valid JSON';
    return new InputError(name, `line ${line}`, `${why}: ${NDJSON_SHAPE}`);
  }
  const exchange = toExchange(value, 'ndjson');
  if (typeof exchange === 'string') return new InputError(name, `line ${line}`, `${exchange}: ${NDJSON_SHAPE}`);
  out.push({ exchange, source: { line } });
  return undefined;
}

function decodeHar(batch: HarBatch, name: string): DecodedBatch {
  const bytes = asBuffer(batch.bytes);
  const exchanges: RecordedExchange[] = [];
  const span = { text: '', start: 0, end: 0 };
  for (let i = 0; i < batch.entries.length; i++) {
    const { start, end, line } = batch.entries[i]!;
    const source = { entry: batch.firstEntry + i, line };
    const entry = batch.firstEntry + i;
    if (end > span.end) decodeEntrySpan(bytes, batch.entries, i, span);
    // Byte offsets are string offsets in an ASCII span; any other span is decoded entry by entry.
    const text =
      span.text.length === span.end - span.start
        ? span.text.slice(start - span.start, end - span.start)
        : bytes.toString('utf8', start, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      const where = `line ${line + linesIn(text, jsonErrorIndex(text))}, in ${describeSource({ entry })}`;
      return {
        exchanges,
        fault: new InputError(
          name,
          where,
          `not valid JSON (binary or corrupted data); entries read before it: ${entry}`,
        ),
      };
    }
    const exchange = toExchange(value, 'har');
    if (typeof exchange === 'string') {
      const problem = `${exchange}: each HAR entry needs request {method, url, headers} and response {status, headers, content}`;
      return { exchanges, fault: new InputError(name, describeSource({ entry }), problem) };
    }
    const clientFailure = clientFailureOf(value as HarEntry);
    exchanges.push(clientFailure === undefined ? { exchange, source } : { exchange, source, clientFailure });
  }
  return { exchanges };
}

/** Decodes the entries from `first` on that fit in SPAN_BYTES (one at least) as one string, into `span`. */
function decodeEntrySpan(
  bytes: Buffer,
  entries: EntrySlice[],
  first: number,
  span: { text: string; start: number; end: number },
): void {
  const start = entries[first]!.start;
  let last = first;
  while (last + 1 < entries.length && entries[last + 1]!.end - start <= SPAN_BYTES) last++;
  span.start = start;
  span.end = entries[last]!.end;
  span.text = bytes.toString('utf8', start, span.end);
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

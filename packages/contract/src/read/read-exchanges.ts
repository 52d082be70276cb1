import { createReadStream } from 'node:fs';
import { InputError } from '../errors.js';
import type { Exchange, ExchangeSource } from './exchange.js';
import { MAX_LINE_BYTES, readHar } from './har.js';
import { NDJSON_SHAPE, readNdjson } from './ndjson.js';
import type { InputFormat } from './to-exchange.js';

export { type InputFormat, MAX_LINE_BYTES, NDJSON_SHAPE };

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
  const stream = typeof input !== 'string' ? input : input === '-' ? process.stdin : createReadStream(input);
  const chunks = byteChunks(stream, name);
  const head = await firstBytes(chunks);
  if (head.length === 0)
    throw new InputError(name, '', 'the input is empty: expected NDJSON or HAR 1.2 recorded traffic');
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
  // A UTF-8 byte-order mark opening the input is not part of the first line or the JSON.
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const rest = prepend(head.subarray(bom), chunks);
  const format = options.format ?? sniffFormat(name, head);
  yield* format === 'har' ? readHar(rest, name) : readNdjson(rest, name);
}

/** The input's first chunks, joined until they hold the 4 bytes that tell gzip, UTF-16 or a byte-order mark. */
async function firstBytes(chunks: AsyncGenerator<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < 4) {
    const next = await chunks.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return Buffer.concat(parts);
}

async function* prepend(head: Buffer, rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  yield* rest;
}

/** The input's name in messages and reports: `options.name`, else the path, else `stdin`. */
export function inputName(input: string | NodeJS.ReadableStream, options: ReadOptions = {}): string {
  return options.name ?? (typeof input === 'string' && input !== '-' ? input : 'stdin');
}

/** A UTF-16 byte-order mark, or the zero bytes UTF-16 puts beside every ASCII character. */
function isUtf16(head: Uint8Array): boolean {
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  return head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0;
}

async function* byteChunks(stream: NodeJS.ReadableStream, name: string): AsyncGenerator<Buffer> {
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

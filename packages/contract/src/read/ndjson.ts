import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { InputError } from '../errors.js';
import { MAX_LINE_BYTES } from './har.js';
import type { RecordedExchange } from './read-exchanges.js';
import { toExchange } from './to-exchange.js';

export const NDJSON_SHAPE =
  'each line must be one JSON object {"request": {"method", "url", "headers", "body"?}, "response": {"status", "headers", "body"}}';

/** Reads NDJSON line by line (`node:readline`): one exchange a line, blank lines skipped. */
export async function* readNdjson(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<RecordedExchange> {
  const lines = createInterface({
    input: Readable.from(boundedLines(chunks, name)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let line = 0;
  for await (const text of lines) {
    line++;
    const exchange = decodeLine(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, line, name);
    if (exchange) yield exchange;
  }
}

/** The chunks, refused once a line runs past MAX_LINE_BYTES: readline would hold it whole. */
async function* boundedLines(chunks: AsyncIterable<Buffer>, name: string): AsyncGenerator<Buffer> {
  let line = 1;
  let lineBytes = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let lf = chunk.indexOf(0x0a); lf !== -1; lf = chunk.indexOf(0x0a, start)) {
      if (lineBytes + lf - start > MAX_LINE_BYTES) throw tooLong(name, line);
      [line, lineBytes, start] = [line + 1, 0, lf + 1];
    }
    lineBytes += chunk.length - start;
    if (lineBytes > MAX_LINE_BYTES) throw tooLong(name, line);
    yield chunk;
  }
}

function tooLong(name: string, line: number): InputError {
  return new InputError(
    name,
    `line ${line}`,
    `the line is longer than ${MAX_LINE_BYTES} bytes: one exchange per line is expected (${NDJSON_SHAPE})`,
  );
}

function decodeLine(text: string, line: number, name: string): RecordedExchange | undefined {
  if (text.trim() === '') return undefined;
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
  return { exchange, source: { line } };
}

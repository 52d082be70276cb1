// The reading and parsing `validate` does before it checks anything, through this package's own
// code, and nothing else: an NDJSON file read and decoded as `validate` reads it, each line parsed
// (JSON.parse, then the exchange's shape), then each response body text parsed. bench/run.mjs
// times it beside `validate`. Each run returns the exchanges whose
// bodies it parsed, to be compared with the input's count. linesOf() and parseLines() go below
// even that: the runtime's JSON.parse alone, on lines already in memory.
import { readFileSync } from 'node:fs';
import { readExchanges } from '../dist/read/read-exchanges.js';

/**
 * The NDJSON file's lines as strings, read before any timing: with parseLines(), the least any
 * check of these exchanges must do (each line and its body parsed by the runtime), with no reading,
 * decoding or code of this package.
 */
export const linesOf = (path) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '');

/** JSON.parse of each line, then of its response body text; returns how many. */
export function parseLines(lines) {
  for (const line of lines) JSON.parse(JSON.parse(line).response.body);
  return lines.length;
}

/** The file read as `validate` reads it, each response body text parsed; returns how many. */
export async function parseFile(path) {
  let parsed = 0;
  for await (const { exchange } of readExchanges(path)) {
    const { body } = exchange.response;
    if (typeof body === 'string' && body !== '') JSON.parse(body);
    parsed++;
  }
  return parsed;
}

/**
 * JSON.parse alone on a HAR file's text, read before any timing: the document, then each
 * entry's response body text; returns how many entries.
 */
export function parseHarText(text) {
  const { entries } = JSON.parse(text).log;
  for (const entry of entries) JSON.parse(entry.response.content.text);
  return entries.length;
}

// The reading and parsing `validate` does before it checks anything, through this package's own
// code, and nothing else: an NDJSON file read and decoded as `validate` reads it (its batches on
// one thread, its byte ranges with --jobs), each line parsed (JSON.parse, then the exchange's
// shape), then each response body text parsed. bench/run.mjs times it beside `validate` on one
// thread; bench/jobs.mjs on one worker thread against two. Each run returns the exchanges whose
// bodies it parsed, to be compared with the input's count. linesOf() and parseLines() go below
// even that: the runtime's JSON.parse alone, on lines already in memory.
import { closeSync, openSync, readFileSync, statSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { decodeBatch, readBatches } from '../dist/read-exchanges.js';
import { planRanges, readOwnedLines } from '../dist/recording-ranges.js';

/** Parses the exchanges of one decoded batch's bodies; returns how many. */
function parseBodies({ exchanges, fault }) {
  if (fault) throw fault;
  for (const { exchange } of exchanges) {
    const { body } = exchange.response;
    if (typeof body === 'string' && body !== '') JSON.parse(body);
  }
  return exchanges.length;
}

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

/** One thread: the file read in batches, as `validate --jobs 1` reads it. */
export async function parseFile(path) {
  let parsed = 0;
  for await (const batch of readBatches(path)) parsed += parseBodies(decodeBatch(batch, path));
  return parsed;
}

/** Ranges `first`, `first + step`, … of the file's byte ranges, as a `validate --jobs N` thread reads its claims. */
function parseRanges(path, first, step) {
  const plan = planRanges(path, statSync(path).size);
  const fd = openSync(path, 'r');
  let parsed = 0;
  try {
    for (let index = first; index < plan.count; index += step) {
      const { bytes } = readOwnedLines(fd, plan, index);
      if (bytes.length > 0) parsed += parseBodies(decodeBatch({ format: 'ndjson', bytes, firstLine: 1 }, path));
    }
  } finally {
    closeSync(fd);
  }
  return parsed;
}

/**
 * Wall time (ms) of `threads` worker threads sharing the file's ranges (every `threads`-th each),
 * their start included, and the exchanges parsed.
 */
export async function parseInThreads(path, threads) {
  const started = performance.now();
  const counts = await Promise.all(
    Array.from(
      { length: threads },
      (_, first) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { path, first, step: threads } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => reject(new Error(`a parse-only worker exited with code ${code}`)));
        }),
    ),
  );
  return { ms: performance.now() - started, parsed: counts.reduce((a, b) => a + b, 0) };
}

if (!isMainThread && workerData?.path) {
  parentPort.postMessage(parseRanges(workerData.path, workerData.first, workerData.step));
}

// What this machine allows before any checking: an NDJSON recording read in 1 MiB chunks, decoded,
// and each line parsed twice (the line, then the body text it carries), as `validate` must, and
// nothing else. On one thread its rate bounds what any validator that parses the JSON can reach
// here at that moment (bench/run.mjs); on two threads, half the file each, it shows how far two
// threads of this work scale on this machine, whose cores share memory and caches (bench/jobs.mjs).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const CHUNK = 1 << 20;
const NEWLINE = 10;
const decoder = new TextDecoder();

/** Parses every line of bytes [start, end) of the file (both at line starts); returns the number of lines. */
export function parseLines(path, start, end) {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(CHUNK);
  let lines = 0;
  let carried = Buffer.alloc(0);
  try {
    for (let position = start; position < end; ) {
      const read = readSync(fd, chunk, 0, Math.min(CHUNK, end - position), position);
      if (read === 0) break;
      position += read;
      const bytes = carried.length ? Buffer.concat([carried, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      const last = position >= end ? bytes.length : bytes.lastIndexOf(NEWLINE) + 1;
      lines += parseSpan(decoder.decode(bytes.subarray(0, last)));
      carried = Buffer.from(bytes.subarray(last));
    }
  } finally {
    closeSync(fd);
  }
  return lines;
}

function parseSpan(text) {
  let lines = 0;
  for (let from = 0; from < text.length; ) {
    const newline = text.indexOf('\n', from);
    const to = newline < 0 ? text.length : newline;
    if (to > from) {
      const body = JSON.parse(text.slice(from, to)).response?.body;
      if (typeof body === 'string') JSON.parse(body);
      lines++;
    }
    from = to + 1;
  }
  return lines;
}

/** The file cut into `parts` ranges of whole lines (a line belongs to the range its first byte is in). */
function lineRanges(path, parts) {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const cuts = [0];
    const probe = Buffer.allocUnsafe(CHUNK);
    for (let i = 1; i < parts; i++) {
      let at = Math.floor((size * i) / parts);
      for (let found = -1; found < 0 && at < size; ) {
        const read = readSync(fd, probe, 0, CHUNK, at);
        found = probe.subarray(0, read).indexOf(NEWLINE);
        at += found < 0 ? read : found + 1;
      }
      cuts.push(at);
    }
    cuts.push(size);
    return cuts.slice(0, -1).map((start, i) => [start, cuts[i + 1]]);
  } finally {
    closeSync(fd);
  }
}

/** Wall time (ms) of `threads` worker threads parsing the file's lines, a range each, and the lines parsed. */
export async function parseInThreads(path, threads) {
  const started = performance.now();
  const counts = await Promise.all(
    lineRanges(path, threads).map(
      ([start, end]) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: { path, start, end } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return { ms: performance.now() - started, lines: counts.reduce((a, b) => a + b, 0) };
}

if (!isMainThread && workerData?.path) {
  parentPort.postMessage(parseLines(workerData.path, workerData.start, workerData.end));
}

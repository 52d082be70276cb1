import { readSync } from 'node:fs';
import { MAX_LINE_BYTES, newlines } from './recording-batch.js';

/**
 * Bytes of an NDJSON file a thread claims at a time (`validate --jobs N` on a regular file): small
 * enough that the threads end together (a range is about 10 ms of checking), large enough that
 * claiming and merging cost nothing beside it. Far below MAX_LINE_BYTES, so only a range's last line
 * can be too long.
 */
export const RANGE_BYTES = 1024 * 1024;

/** An NDJSON file cut into `count` ranges of `rangeBytes`, the last one shorter. */
export interface RangePlan {
  path: string;
  size: number;
  rangeBytes: number;
  count: number;
  /** Longest line read; a longer one ends the input (MAX_LINE_BYTES but in tests). */
  maxLineBytes: number;
}

export function planRanges(
  path: string,
  size: number,
  rangeBytes = RANGE_BYTES,
  maxLineBytes = MAX_LINE_BYTES,
): RangePlan {
  return { path, size, rangeBytes, count: Math.ceil(size / rangeBytes), maxLineBytes };
}

/** The lines a range owns, whole: those whose first byte is in it. */
export interface OwnedLines {
  /** Complete lines (each ending in LF, but the file's last), from the range's first owned line. */
  bytes: Uint8Array;
  /** LF bytes in `bytes`: the lines the range spans, to number the next range's. */
  newlines: number;
  /** The line after `bytes` is longer than the plan's maxLineBytes: it ends the input. */
  tooLong: boolean;
}

/** Bytes read past a range's end, where its last line usually ends; then while following a longer line. */
const TAIL_CHUNK_BYTES = 64 * 1024;

const NOTHING: OwnedLines = { bytes: new Uint8Array(0), newlines: 0, tooLong: false };

/**
 * Reads range `index` of the plan from `fd`: a line belongs to the range its first byte is in, so
 * that the ranges split the file's lines between them, each line once, without any thread reading
 * the others' ranges beyond the line it finishes. Memory: the range, plus its last line.
 */
export function readOwnedLines(fd: number, plan: RangePlan, index: number): OwnedLines {
  const start = index * plan.rangeBytes;
  const end = Math.min(start + plan.rangeBytes, plan.size);
  // The byte before the range says whether the range starts a line.
  const from = start === 0 ? 0 : start - 1;
  const wanted = end - from + (end < plan.size ? TAIL_CHUNK_BYTES : 0);
  const head = readAt(fd, from, wanted);
  const first = start === 0 ? 0 : head.indexOf(0x0a) + 1;
  if (start !== 0 && (first === 0 || from + first >= end)) return NOTHING;
  // The owned lines end at the first LF from the range's last byte on, or at the file's end.
  const lf = head.indexOf(0x0a, end - 1 - from);
  if (lf !== -1) return bounded(head.subarray(first, lf + 1), plan.maxLineBytes);
  const owned = head.subarray(first);
  if (head.length < wanted) return bounded(owned, plan.maxLineBytes);
  // The last line runs on past what was read: follow it to its LF (or the file's end).
  const lastStart = owned.lastIndexOf(0x0a) + 1;
  const tail = readLineTail(fd, from + head.length, owned.length - lastStart, plan.maxLineBytes);
  if (tail.tooLong) return { bytes: owned.subarray(0, lastStart), newlines: newlines(owned), tooLong: true };
  return bounded(Buffer.concat([owned, ...tail.parts]), plan.maxLineBytes);
}

/** Whole lines, but the last one when it is longer than `maxLineBytes` (the only one that can be). */
function bounded(bytes: Uint8Array, maxLineBytes: number): OwnedLines {
  const ends = bytes.length > 0 && bytes[bytes.length - 1] === 0x0a ? bytes.length - 1 : bytes.length;
  const lastStart = ends === 0 ? 0 : bytes.lastIndexOf(0x0a, ends - 1) + 1;
  if (ends - lastStart > maxLineBytes)
    return { bytes: bytes.subarray(0, lastStart), newlines: newlines(bytes.subarray(0, lastStart)), tooLong: true };
  return { bytes, newlines: newlines(bytes), tooLong: false };
}

/** The rest of a line from `position` to its LF included (or the file's end), unless it outgrows `maxLineBytes`. */
function readLineTail(
  fd: number,
  position: number,
  lineSoFar: number,
  maxLineBytes: number,
): { parts: Buffer[]; tooLong: boolean } {
  const parts: Buffer[] = [];
  let length = lineSoFar;
  for (let at = position; ; ) {
    const chunk = readAt(fd, at, TAIL_CHUNK_BYTES);
    const lf = chunk.indexOf(0x0a);
    const part = lf === -1 ? chunk : chunk.subarray(0, lf + 1);
    length += lf === -1 ? part.length : lf;
    if (length > maxLineBytes) return { parts: [], tooLong: true };
    parts.push(part);
    if (lf !== -1 || chunk.length < TAIL_CHUNK_BYTES) return { parts, tooLong: false };
    at += chunk.length;
  }
}

/** Up to `length` bytes at `position` (fewer at the file's end). */
function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, buffer, read, length - read, position + read);
    if (n === 0) break;
    read += n;
  }
  return buffer.subarray(0, read);
}

/** Longest NDJSON line, or HAR entry, read; a longer one is an input error, so memory stays bounded. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** LF bytes in `bytes`: the NDJSON lines they end, to number the lines after them. */
export function newlines(bytes: Uint8Array): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count;
}

/** Complete NDJSON lines (each ending in LF, but the input's last), the first being line `firstLine`. */
export interface NdjsonBatch {
  format: 'ndjson';
  bytes: Uint8Array;
  firstLine: number;
}

/** One HAR entry's bytes within a batch, and the line its first byte is on. */
export interface EntrySlice {
  start: number;
  end: number;
  line: number;
}

/** Complete HAR entries, `log.entries[firstEntry]` onwards, as slices of `bytes`. */
export interface HarBatch {
  format: 'har';
  bytes: Uint8Array;
  firstEntry: number;
  entries: EntrySlice[];
}

/**
 * What the reader hands on: whole exchanges as unparsed bytes, cut where the input allows (NDJSON
 * line ends, HAR entry ends), so that a batch is parsed, checked and dropped before the next is
 * read.
 */
export type RawBatch = NdjsonBatch | HarBatch;

/**
 * Which ranges of an NDJSON file are taken, shared by the threads of `validate --jobs N` in one
 * SharedArrayBuffer: each thread claims the next range when it is ready for one, so a worker that
 * starts late (it compiles its schemas) simply takes fewer, and no thread hands work to another.
 */
const NEXT = 0;
/** Ranges from this one on are not needed: the input ends at a fault before them. */
const STOP = 1;
/** Ranges merged in input order so far, by the main thread. */
const MERGED = 2;
/** Reports still wanted once the merged ranges' are counted: no range needs to send back more. */
const WANTED = 3;
/** Then one cell per worker: the range it is checking, or -1. */
const WORKER_CELLS = 4;

/**
 * Ranges claimed ahead of the oldest one not yet merged, at most: outcomes waiting for an earlier
 * range stay few (each holds counts and at most --max-reports reports), however late a thread is.
 */
export const MAX_RANGES_AHEAD = 32;

/** How long a worker that is too far ahead sleeps before looking again (it is woken sooner by a merge). */
const AHEAD_WAIT_MS = 50;

export class RangeClaims {
  private readonly cells: Int32Array;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly count: number,
  ) {
    this.cells = new Int32Array(buffer);
  }

  static create(count: number, maxReports: number, workers: number): RangeClaims {
    const claims = new RangeClaims(new SharedArrayBuffer((WORKER_CELLS + workers) * 4), count);
    claims.cells[STOP] = count;
    claims.cells[WANTED] = Math.min(maxReports, 2 ** 31 - 1);
    claims.cells.fill(-1, WORKER_CELLS);
    return claims;
  }

  /** The ranges to check: all, or those up to the first fault found. */
  get end(): number {
    return Atomics.load(this.cells, STOP);
  }

  /** The next range, `-1` when none is left, or `ahead` when this thread must wait for a merge. */
  tryClaim(): number | 'ahead' {
    const next = Atomics.load(this.cells, NEXT);
    if (next >= this.end) return -1;
    if (next >= Atomics.load(this.cells, MERGED) + MAX_RANGES_AHEAD) return 'ahead';
    const index = Atomics.add(this.cells, NEXT, 1);
    return index < this.end ? index : -1;
  }

  /** For a worker thread: the next range, waiting while too far ahead; `-1` when none is left. */
  claim(): number {
    for (;;) {
      const merged = Atomics.load(this.cells, MERGED);
      const claimed = this.tryClaim();
      if (claimed !== 'ahead') return claimed;
      Atomics.wait(this.cells, MERGED, merged, AHEAD_WAIT_MS);
    }
  }

  /** Range `index` holds a fault: the ranges after it are not needed. */
  stopAfter(index: number): void {
    for (let stop = this.end; index + 1 < stop; ) {
      const seen = Atomics.compareExchange(this.cells, STOP, stop, index + 1);
      if (seen === stop) return;
      stop = seen;
    }
  }

  /** The main thread merged `ranges` ranges, holding `reports` reports in all. */
  merged(ranges: number, reports: number, maxReports: number): void {
    Atomics.store(this.cells, WANTED, Math.max(0, Math.min(maxReports, 2 ** 31 - 1) - reports));
    Atomics.store(this.cells, MERGED, ranges);
    Atomics.notify(this.cells, MERGED);
  }

  get wanted(): number {
    return Atomics.load(this.cells, WANTED);
  }

  /** Worker `worker` is checking range `index` (`-1`: none). */
  checking(worker: number, index: number): void {
    Atomics.store(this.cells, WORKER_CELLS + worker, index);
  }

  /** The range worker `worker` was checking, `-1` if none. */
  checkedBy(worker: number): number {
    return Atomics.load(this.cells, WORKER_CELLS + worker);
  }
}

import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { type BatchOutcome, batchPlace, faultOutcome } from './check-batch.js';
import type { RangeOutcome } from './check-range.js';
import type { RangeClaims } from './range-claims.js';
import type { RawBatch } from './recording-batch.js';
import type { RangePlan } from './recording-ranges.js';
import type { OpenApiDocument } from './spec-document.js';

/** What each worker needs to check batches as the main thread would. */
export interface WorkerSetup {
  doc: OpenApiDocument;
  name: string;
  coverage: boolean;
}

/** Work for a worker: one batch cut by the main thread, or ranges of a file to claim until none is left. */
export type WorkerTask =
  | { kind: 'batch'; id: number; batch: RawBatch; keep: number }
  | { kind: 'ranges'; plan: RangePlan; claims: SharedArrayBuffer; worker: number };

export type WorkerAnswer =
  | { kind: 'batch'; id: number; outcome: BatchOutcome }
  | { kind: 'range'; index: number; result: RangeOutcome };

/** A range's outcome, or why it has none (its worker failed). */
export type RangeAnswer = RangeOutcome | { failed: string };

// The built worker script: `../dist/` is the package's build output from src/ (tests) and dist/ alike.
const WORKER_SCRIPT = new URL('../dist/validate-worker.js', import.meta.url);

/**
 * Batches handed to a worker and not answered yet: enough to keep it busy while this thread checks
 * a batch of its own (it sees a worker's answers only between batches).
 */
const IN_FLIGHT_PER_WORKER = 4;

interface Waiting {
  resolve: (outcome: BatchOutcome) => void;
  batch: RawBatch;
}

interface PoolWorker {
  thread: Worker;
  waiting: Map<number, Waiting>;
  failed: boolean;
}

/**
 * The worker threads of `validate --jobs N`, started before the input is opened so that they load
 * the package and compile while this thread reads and checks its first exchanges.
 */
export class WorkerPool {
  private readonly workers: PoolWorker[] = [];
  private nextId = 0;
  private closing = false;
  private ranges?: { claims: RangeClaims; onAnswer: (index: number, answer: RangeAnswer) => void };

  constructor(
    count: number,
    private readonly setup: WorkerSetup,
  ) {
    for (let i = 0; i < count; i++) {
      const worker = { thread: new Worker(WORKER_SCRIPT, { workerData: setup }), waiting: new Map(), failed: false };
      worker.thread.on('message', (answer: WorkerAnswer) => this.answered(worker, answer));
      worker.thread.on('error', (error) => this.fail(worker, error.message));
      worker.thread.on('exit', (code) => this.fail(worker, `it exited with code ${code}`));
      this.workers.push(worker);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  hasRoom(): boolean {
    return this.workers.some((worker) => !worker.failed && worker.waiting.size < IN_FLIGHT_PER_WORKER);
  }

  /** The outcome of one batch, on the least busy worker; never rejects (a failure is a fault outcome). */
  check(batch: RawBatch, keep: number): Promise<BatchOutcome> {
    const worker = this.workers.reduce((a, b) => (b.waiting.size < a.waiting.size || a.failed ? b : a));
    const id = this.nextId++;
    // A copy of the batch's bytes, moved to the worker: the batch may be a view into a larger chunk
    // (and a Buffer's slice() is such a view, not a copy).
    const bytes = new Uint8Array(batch.bytes);
    return new Promise((resolve) => {
      worker.waiting.set(id, { resolve, batch });
      const task: WorkerTask = { kind: 'batch', id, batch: { ...batch, bytes }, keep };
      worker.thread.postMessage(task, [bytes.buffer]);
    });
  }

  /** Has every worker claim ranges of `plan` until none is left; each answer goes to `onAnswer`. */
  checkRanges(plan: RangePlan, claims: RangeClaims, onAnswer: (index: number, answer: RangeAnswer) => void): void {
    this.ranges = { claims, onAnswer };
    this.workers.forEach((worker, i) => {
      const task: WorkerTask = { kind: 'ranges', plan, claims: claims.buffer, worker: i };
      if (!worker.failed) worker.thread.postMessage(task);
    });
  }

  private answered(worker: PoolWorker, answer: WorkerAnswer): void {
    if (answer.kind === 'range') this.ranges?.onAnswer(answer.index, answer.result);
    else {
      worker.waiting.get(answer.id)?.resolve(answer.outcome);
      worker.waiting.delete(answer.id);
    }
  }

  private fail(worker: PoolWorker, why: string): void {
    if (worker.failed) return;
    worker.failed = true;
    for (const { resolve, batch } of worker.waiting.values()) {
      const where = batchPlace(batch);
      const message = this.closing
        ? `${this.setup.name}: ${where}: not checked (the check stopped before it)`
        : `${this.setup.name}: ${where}: could not be validated (a worker thread failed: ${why})`;
      resolve(faultOutcome(where, message));
    }
    worker.waiting.clear();
    const range = this.ranges?.claims.checkedBy(this.workers.indexOf(worker)) ?? -1;
    if (range >= 0 && !this.closing) this.ranges?.onAnswer(range, { failed: `a worker thread failed: ${why}` });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.thread.terminate()));
  }
}

/**
 * Outcomes waiting for an earlier batch's, at most: this thread goes on while a worker starts cold
 * (it compiles its schemas), and memory stays bounded (outcomes, not bytes).
 */
const MAX_WAITING_OUTCOMES = 128;

/** A batch's place in input order: its outcome once known, and the batch while a worker has it. */
interface Pending {
  outcome?: BatchOutcome;
  batch?: RawBatch;
}

/**
 * Checks batches cut by this thread (stdin, a pipe, HAR) on the pool's workers and this thread, and
 * yields the outcomes in input order, so that the summary and the report are those of `--jobs 1`.
 * A batch goes to a worker with room; when all are busy, this thread checks it with `checkHere` (so
 * it works while the workers start, and never waits idle). When the oldest outcome is still on a
 * worker and this thread would have to wait for it (too many waiting, or the input's end), it checks
 * that batch too and takes whichever outcome comes first. A fault of the reader is thrown after the
 * outcomes of the batches before it; a worker that fails is a fault at its batch.
 */
export async function* checkBatchesInParallel(
  batches: AsyncIterable<RawBatch>,
  pool: WorkerPool,
  keep: number,
  checkHere: (batch: RawBatch) => BatchOutcome,
): AsyncGenerator<BatchOutcome> {
  const pending: Pending[] = [];
  const oldest = () => {
    const { outcome, batch } = pending.shift()!;
    return outcome ?? checkHere(batch!);
  };
  let readFault: { error: unknown } | undefined;
  try {
    for await (const batch of batches) {
      const here = pool.hasRoom() ? undefined : checkHere(batch);
      pending.push(here ? { outcome: here } : onWorker(pool, batch, keep));
      while (pending.length > 0 && (pending[0]!.outcome || pending.length >= MAX_WAITING_OUTCOMES)) yield oldest();
      // A fault found here ends the input: nothing after it is read.
      if (here?.fault) break;
    }
  } catch (error) {
    readFault = { error };
  }
  while (pending.length > 0) {
    // Lets the workers' answers in first.
    await setImmediate();
    yield oldest();
  }
  if (readFault) throw readFault.error;
}

function onWorker(pool: WorkerPool, batch: RawBatch, keep: number): Pending {
  const pending: Pending = { batch };
  pool.check(batch, keep).then((outcome) => {
    pending.outcome = outcome;
    pending.batch = undefined;
  });
  return pending;
}

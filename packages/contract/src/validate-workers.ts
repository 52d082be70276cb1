import { Worker } from 'node:worker_threads';
import { type BatchOutcome, batchPlace } from './check-batch.js';
import type { RawBatch } from './recording-batch.js';
import type { OpenApiDocument } from './spec-document.js';

/** What each worker needs to check batches as the main thread would. */
export interface WorkerSetup {
  doc: OpenApiDocument;
  name: string;
  coverage: boolean;
}

// The built worker script: `../dist/` is the package's build output from src/ (tests) and dist/ alike.
const WORKER_SCRIPT = new URL('../dist/validate-worker.js', import.meta.url);

/**
 * Batches handed to a worker and not answered yet: enough to keep it busy while this thread checks
 * a batch of its own (it sees a worker's answers only between batches).
 */
const IN_FLIGHT_PER_WORKER = 4;
/**
 * Outcomes waiting for an earlier batch's, at most: this thread goes on while a worker starts cold
 * (it compiles its schemas), and memory stays bounded (outcomes, not bytes, up to ~25 MB).
 */
const MAX_WAITING_OUTCOMES = 128;

interface Pending {
  promise: Promise<BatchOutcome>;
  outcome?: BatchOutcome;
}

/**
 * Checks the batches on `jobs` threads, this one and `jobs - 1` workers, and yields the outcomes
 * in input order, so that the summary and the report are those of `--jobs 1`. A batch goes to a
 * worker with room; when all are busy, this thread checks it with `checkHere` (so it works while
 * the workers start, and never waits idle). A fault of the reader is thrown after the outcomes of
 * the batches before it; a worker that fails is a fault at its batch.
 */
export async function* checkInParallel(
  batches: AsyncIterable<RawBatch>,
  jobs: number,
  setup: WorkerSetup,
  checkHere: (batch: RawBatch) => BatchOutcome,
): AsyncGenerator<BatchOutcome> {
  const pool = new WorkerPool(jobs - 1, setup);
  const pending: Pending[] = [];
  let readFault: { error: unknown } | undefined;
  try {
    try {
      for await (const batch of batches) {
        const here = pool.hasRoom() ? undefined : checkHere(batch);
        pending.push(here ? { promise: Promise.resolve(here), outcome: here } : pool.check(batch));
        while (pending.length > 0 && (pending[0]!.outcome || pending.length >= MAX_WAITING_OUTCOMES))
          yield await pending.shift()!.promise;
        // A fault found here ends the input: nothing after it is read.
        if (here?.fault) break;
      }
    } catch (error) {
      readFault = { error };
    }
    while (pending.length > 0) yield await pending.shift()!.promise;
    if (readFault) throw readFault.error;
  } finally {
    await pool.close();
  }
}

interface Waiting {
  resolve: (outcome: BatchOutcome) => void;
  batch: RawBatch;
}

class WorkerPool {
  private readonly workers: { thread: Worker; waiting: Map<number, Waiting> }[] = [];
  private nextId = 0;
  private closing = false;

  constructor(
    count: number,
    private readonly setup: WorkerSetup,
  ) {
    for (let i = 0; i < count; i++) {
      const worker = { thread: new Worker(WORKER_SCRIPT, { workerData: setup }), waiting: new Map<number, Waiting>() };
      worker.thread.on('message', ({ id, outcome }: { id: number; outcome: BatchOutcome }) => {
        worker.waiting.get(id)?.resolve(outcome);
        worker.waiting.delete(id);
      });
      worker.thread.on('error', (error) => this.fail(worker.waiting, error.message));
      worker.thread.on('exit', (code) => this.fail(worker.waiting, `it exited with code ${code}`));
      this.workers.push(worker);
    }
  }

  hasRoom(): boolean {
    return this.workers.some((worker) => worker.waiting.size < IN_FLIGHT_PER_WORKER);
  }

  /** The outcome of one batch, on the least busy worker; never rejects (a failure is a fault outcome). */
  check(batch: RawBatch): Pending {
    const worker = this.workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.nextId++;
    // A copy of the batch's bytes, moved to the worker: the batch may be a view into a larger chunk
    // (and a Buffer's slice() is such a view, not a copy).
    const bytes = new Uint8Array(batch.bytes);
    const pending: Partial<Pending> = {};
    pending.promise = new Promise((resolve) => {
      const settle = (outcome: BatchOutcome) => {
        pending.outcome = outcome;
        resolve(outcome);
      };
      worker.waiting.set(id, { resolve: settle, batch });
      worker.thread.postMessage({ id, batch: { ...batch, bytes } }, [bytes.buffer]);
    });
    return pending as Pending;
  }

  private fail(waiting: Map<number, Waiting>, why: string): void {
    for (const { resolve, batch } of waiting.values()) {
      const where = batchPlace(batch);
      const message = this.closing
        ? `${this.setup.name}: ${where}: not checked (the check stopped before it)`
        : `${this.setup.name}: ${where}: could not be validated (a worker thread failed: ${why})`;
      resolve({ operations: [], violating: [], fault: { where, message } });
    }
    waiting.clear();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.thread.terminate()));
  }
}

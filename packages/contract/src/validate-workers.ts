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

/** Batches handed to a worker and not answered yet: enough to keep it busy, few enough to bound memory. */
const IN_FLIGHT_PER_WORKER = 3;

/**
 * Checks the batches on `jobs` worker threads and yields their outcomes in input order, so that
 * the summary and the report are those of `--jobs 1`. A fault of the reader is thrown after the
 * outcomes of the batches before it; a worker that fails is a fault at its batch.
 */
export async function* checkInWorkers(
  batches: AsyncIterable<RawBatch>,
  jobs: number,
  setup: WorkerSetup,
): AsyncGenerator<BatchOutcome> {
  const pool = new WorkerPool(jobs, setup);
  const pending: Promise<BatchOutcome>[] = [];
  let readFault: { error: unknown } | undefined;
  try {
    try {
      for await (const batch of batches) {
        pending.push(pool.check(batch));
        if (pending.length >= jobs * IN_FLIGHT_PER_WORKER) yield await pending.shift()!;
      }
    } catch (error) {
      readFault = { error };
    }
    while (pending.length > 0) yield await pending.shift()!;
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
    jobs: number,
    private readonly setup: WorkerSetup,
  ) {
    for (let i = 0; i < jobs; i++) {
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

  /** The outcome of one batch, on the least busy worker; never rejects (a failure is a fault outcome). */
  check(batch: RawBatch): Promise<BatchOutcome> {
    const worker = this.workers.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.nextId++;
    // A copy of the batch's bytes, moved to the worker: the batch may be a view into a larger chunk.
    const bytes = batch.bytes.slice();
    return new Promise((resolve) => {
      worker.waiting.set(id, { resolve, batch });
      worker.thread.postMessage({ id, batch: { ...batch, bytes } }, [bytes.buffer]);
    });
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

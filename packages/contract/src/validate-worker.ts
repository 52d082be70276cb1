// One `validate --jobs N` worker thread: checks the batches the main thread cuts, in the order they
// come, or claims ranges of an NDJSON file and reads and checks each itself.
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { checkBatch } from './check-batch.js';
import { checkRange, type RangeChecker } from './check-range.js';
import { CoverageCollector } from './coverage.js';
import { ExchangeValidator } from './exchange-validator.js';
import { RangeClaims } from './range-claims.js';
import type { WorkerAnswer, WorkerSetup, WorkerTask } from './validate-workers.js';

const { doc, name, coverage } = workerData as WorkerSetup;
const validator = new ExchangeValidator(doc);
const collector = coverage ? new CoverageCollector(doc) : undefined;
const answer = (message: WorkerAnswer) => parentPort!.postMessage(message);

parentPort!.on('message', (task: WorkerTask) => {
  if (task.kind === 'ranges') return checkRanges(task);
  const outcome = checkBatch(task.batch, name, validator, collector, task.keep);
  if (collector) outcome.coverage = collector.drain();
  answer({ kind: 'batch', id: task.id, outcome });
});

/** Claims ranges until none is left; each outcome is numbered from line 1 (the main thread renumbers it). */
function checkRanges(task: Extract<WorkerTask, { kind: 'ranges' }>): void {
  const claims = new RangeClaims(task.claims, task.plan.count);
  const checker: RangeChecker = {
    fd: openSync(task.plan.path, 'r'),
    plan: task.plan,
    name,
    validator,
    coverage: collector,
  };
  try {
    for (let index = claims.claim(); index >= 0; index = claims.claim()) {
      claims.checking(task.worker, index);
      const result = checkRange(checker, index, 1, claims.wanted);
      if (result.outcome.fault) claims.stopAfter(index);
      answer({ kind: 'range', index, result });
      claims.checking(task.worker, -1);
    }
  } finally {
    closeSync(checker.fd);
  }
}

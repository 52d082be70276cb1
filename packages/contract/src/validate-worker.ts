// One `validate --jobs N` worker thread: checks the batches the main thread cuts, in the order they come.
import { parentPort, workerData } from 'node:worker_threads';
import { checkBatch } from './check-batch.js';
import { CoverageCollector } from './coverage.js';
import { ExchangeValidator } from './exchange-validator.js';
import type { RawBatch } from './recording-batch.js';
import type { WorkerSetup } from './validate-workers.js';

const { doc, name, coverage } = workerData as WorkerSetup;
const validator = new ExchangeValidator(doc);
const collector = coverage ? new CoverageCollector(doc) : undefined;

parentPort!.on('message', ({ id, batch }: { id: number; batch: RawBatch }) => {
  const outcome = checkBatch(batch, name, validator, collector);
  if (collector) outcome.coverage = collector.drain();
  parentPort!.postMessage({ id, outcome });
});

import type { CoverageCollector, CoverageDelta } from './coverage.js';
import { describeSource, type ExchangeSource } from './exchange.js';
import type { ExchangeValidator } from './exchange-validator.js';
import { decodeBatch } from './read-exchanges.js';
import type { RawBatch } from './recording-batch.js';
import type { ExchangeReport } from './violations.js';

/** A batch's verdicts: what the summary needs, small enough to pass between threads. */
export interface BatchOutcome {
  /** Each checked exchange's operation (`null`: none matched), in input order. */
  operations: (string | null)[];
  /** Reports of the violating exchanges among them; `index` is the exchange's position in `operations`. */
  violating: ExchangeReport[];
  /** Where the last checked exchange came from. */
  last?: ExchangeSource;
  /** The fault that ends the input in this batch: the exchanges before it were checked. */
  fault?: { where: string; message: string };
  /** What the batch's exchanges exercised, when a worker collects coverage. */
  coverage?: CoverageDelta;
}

/** Parses and checks one batch; the same function runs on the main thread (`--jobs 1`) and in workers. */
export function checkBatch(
  batch: RawBatch,
  name: string,
  validator: ExchangeValidator,
  coverage?: CoverageCollector,
): BatchOutcome {
  const { exchanges, fault } = decodeBatch(batch, name);
  const outcome: BatchOutcome = { operations: [], violating: [] };
  for (const { exchange, source } of exchanges) {
    let report: ExchangeReport;
    try {
      report = validator.validate(exchange, source, outcome.operations.length);
      coverage?.add(exchange, report);
    } catch (error) {
      // Any fault, not only unreadable input, ends the check here and names the exchange.
      const where = describeSource(source);
      const why = (error as Error).message ?? String(error);
      outcome.fault = { where, message: `${name}: ${where}: could not be validated (${why})` };
      return outcome;
    }
    outcome.operations.push(report.operationId);
    if (report.violations.length > 0) outcome.violating.push(report);
    outcome.last = source;
  }
  if (fault) outcome.fault = { where: fault.where, message: fault.message };
  return outcome;
}

/** Where a batch starts, for a fault that hit the batch as a whole (a worker that died). */
export function batchPlace(batch: RawBatch): string {
  return batch.format === 'ndjson' ? `line ${batch.firstLine}` : describeSource({ entry: batch.firstEntry });
}

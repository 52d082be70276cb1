import type { CoverageCollector, CoverageDelta } from './coverage.js';
import { describeSource, type ExchangeSource } from './exchange.js';
import type { ExchangeValidator } from './exchange-validator.js';
import { decodeBatch } from './read-exchanges.js';
import type { RawBatch } from './recording-batch.js';
import type { ExchangeReport } from './violations.js';

/** The summary's key for exchanges that matched no operation. */
export const NO_OPERATION = '(no operation)';

/**
 * A batch's verdicts as counts: what the summary needs, small enough to pass between threads
 * whatever the batch's size (its exchanges themselves never travel).
 */
export interface BatchOutcome {
  exchanges: number;
  /** Exchanges with at least one violation. */
  violating: number;
  violations: number;
  /** Per operation, in the order of first appearance: exchanges checked and violating. */
  operations: Record<string, { exchanges: number; violating: number }>;
  /** The first violating exchanges' reports, at most the `keep` asked for; `index` is 0-based in the batch. */
  reports: ExchangeReport[];
  /** Where the last checked exchange came from. */
  last?: ExchangeSource;
  /** The fault that ends the input in this batch: the exchanges before it were checked. */
  fault?: { where: string; message: string };
  /** What the batch's exchanges exercised, when a worker collects coverage. */
  coverage?: CoverageDelta;
}

export function emptyOutcome(): BatchOutcome {
  return { exchanges: 0, violating: 0, violations: 0, operations: {}, reports: [] };
}

/** The outcome of input that could not be checked: nothing counted, a fault at `where`. */
export function faultOutcome(where: string, message: string): BatchOutcome {
  return { ...emptyOutcome(), fault: { where, message } };
}

/**
 * Parses and checks one batch, keeping the reports of its first `keep` violating exchanges; the
 * same function runs on the main thread (`--jobs 1`) and in workers.
 */
export function checkBatch(
  batch: RawBatch,
  name: string,
  validator: ExchangeValidator,
  coverage?: CoverageCollector,
  keep = Number.POSITIVE_INFINITY,
): BatchOutcome {
  const { exchanges, fault } = decodeBatch(batch, name);
  const outcome = emptyOutcome();
  for (const { exchange, source } of exchanges) {
    let report: ExchangeReport;
    try {
      report = validator.validate(exchange, source, outcome.exchanges);
      coverage?.add(exchange, report);
    } catch (error) {
      // Any fault, not only unreadable input, ends the check here and names the exchange.
      const where = describeSource(source);
      const why = (error as Error).message ?? String(error);
      outcome.fault = { where, message: `${name}: ${where}: could not be validated (${why})` };
      return outcome;
    }
    count(outcome, report, keep);
    outcome.last = source;
  }
  if (fault) outcome.fault = { where: fault.where, message: fault.message };
  return outcome;
}

function count(outcome: BatchOutcome, report: ExchangeReport, keep: number): void {
  outcome.exchanges++;
  const key = report.operationId ?? NO_OPERATION;
  outcome.operations[key] ??= { exchanges: 0, violating: 0 };
  const stats = outcome.operations[key];
  stats.exchanges++;
  if (report.violations.length === 0) return;
  outcome.violating++;
  stats.violating++;
  outcome.violations += report.violations.length;
  if (outcome.reports.length < keep) outcome.reports.push(report);
}

/** Where a batch starts, for a fault that hit the batch as a whole (a worker that died). */
export function batchPlace(batch: RawBatch): string {
  return batch.format === 'ndjson' ? `line ${batch.firstLine}` : describeSource({ entry: batch.firstEntry });
}

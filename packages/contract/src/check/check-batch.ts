import { describeSource, type ExchangeSource } from '../read/exchange.js';
import { decodeBatch, type RecordedExchange } from '../read/read-exchanges.js';
import type { RawBatch } from '../read/recording-batch.js';
import type { ServerFilter } from '../route/server-filter.js';
import type { CoverageCollector } from './coverage.js';
import type { ExchangeValidator } from './exchange-validator.js';
import type { ExchangeReport } from './violations.js';

/** The summary's key for exchanges that matched no operation. */
export const NO_OPERATION = '(no operation)';

/** A batch's verdicts as counts: what the summary needs, whatever the batch's size. */
export interface BatchOutcome {
  /** Exchanges checked. */
  exchanges: number;
  /** Exchanges with at least one violation. */
  violating: number;
  violations: number;
  /** Checked exchanges with a body the recording left out (not checked). */
  bodiesNotRecorded: number;
  /** Requests the client never completed (HAR status 0 or `_error`): nothing to check. */
  clientFailures: number;
  /** Exchanges sent to a host outside the `--server` URLs, not checked. */
  skipped: number;
  /** Per operation, in the order of first appearance: exchanges checked and violating. */
  operations: Record<string, { exchanges: number; violating: number }>;
  /** The first violating exchanges' reports, at most the `keep` asked for; `index` is 0-based in the batch. */
  reports: ExchangeReport[];
  /** Where the last exchange read came from. */
  last?: ExchangeSource;
  /** The fault that ends the input in this batch: the exchanges before it were checked. */
  fault?: { where: string; message: string };
}

/** What checking a batch needs. */
export interface BatchCheck {
  name: string;
  validator: ExchangeValidator;
  coverage?: CoverageCollector | undefined;
  /** Reports kept; the counts stay exact. */
  keep: number;
  /** Only exchanges sent to these servers are checked. */
  servers?: ServerFilter | undefined;
}

export function emptyOutcome(): BatchOutcome {
  return {
    exchanges: 0,
    violating: 0,
    violations: 0,
    bodiesNotRecorded: 0,
    clientFailures: 0,
    skipped: 0,
    operations: {},
    reports: [],
  };
}

/**
 * Parses and checks one batch, keeping the reports of its first `keep` violating exchanges; the
 * exchanges themselves are dropped once checked.
 */
export function checkBatch(batch: RawBatch, check: BatchCheck): BatchOutcome {
  const { exchanges, fault } = decodeBatch(batch, check.name);
  const outcome = emptyOutcome();
  for (const recorded of exchanges) {
    try {
      checkOne(recorded, check, outcome);
    } catch (error) {
      // Any fault, not only unreadable input, ends the check here and names the exchange.
      const where = describeSource(recorded.source);
      const why = (error as Error).message ?? String(error);
      outcome.fault = { where, message: `${check.name}: ${where}: could not be validated (${why})` };
      return outcome;
    }
    outcome.last = recorded.source;
  }
  if (fault) outcome.fault = { where: fault.where, message: fault.message };
  return outcome;
}

function checkOne({ exchange, source, clientFailure }: RecordedExchange, check: BatchCheck, outcome: BatchOutcome) {
  if (clientFailure !== undefined) {
    outcome.clientFailures++;
    return;
  }
  if (check.servers && !check.servers.includes(exchange.request.url)) {
    outcome.skipped++;
    return;
  }
  const report = check.validator.validate(exchange, source, outcome.exchanges);
  check.coverage?.add(exchange, report);
  count(outcome, report, check.keep);
}

function count(outcome: BatchOutcome, report: ExchangeReport, keep: number): void {
  outcome.exchanges++;
  if (report.unchecked) outcome.bodiesNotRecorded++;
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

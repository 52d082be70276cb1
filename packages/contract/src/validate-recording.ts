import { type BatchOutcome, checkBatch } from './check-batch.js';
import { CoverageCollector, type CoverageReport } from './coverage.js';
import { describeSource } from './exchange.js';
import { ExchangeValidator } from './exchange-validator.js';
import { InputError, inputName, type RawBatch, type ReadOptions, readBatches } from './read-exchanges.js';
import { checkInParallel } from './validate-workers.js';
import type { ExchangeReport } from './violations.js';

export interface ValidationSummary {
  /** The input's name (`stdin` for `-`). */
  input: string;
  spec: { title: string; version: string };
  exchanges: number;
  conforming: number;
  /** Exchanges with at least one violation. */
  violating: number;
  violations: number;
  /** Reports of violating exchanges, at most `maxReports`; `omitted` counts the rest. */
  reports: ExchangeReport[];
  omitted: number;
  /** Per operation (`(no operation)` for unmatched): exchanges checked and violating. */
  operations: Record<string, { exchanges: number; violating: number }>;
  /** Set when the input could not be read to its end; the counts cover what was read before. */
  inputError?: { where: string; message: string };
  /** What the traffic exercised of the spec, when asked for with `coverage`. */
  coverage?: CoverageReport;
}

export interface ValidateRecordingOptions extends ReadOptions {
  validator?: ExchangeValidator;
  /** How many violating exchanges to keep in `reports` (counts stay exact); default 1000. */
  maxReports?: number;
  /** Called for every violating exchange as soon as it is checked (for streaming output). */
  onViolation?: (report: ExchangeReport) => void;
  /** Called after every exchange with the running count (for progress lines). */
  onProgress?: (exchanges: number) => void;
  /** Collects what the traffic exercised (operations, statuses, parameters, properties). */
  coverage?: CoverageCollector;
  /**
   * Threads that parse and check the exchanges: this one and `jobs - 1` worker threads (default 1:
   * no worker). This thread cuts the input into batches and checks those no worker has room for;
   * the summary, the report's order and the faults are the same whatever the number.
   */
  jobs?: number;
}

// A check that saw nothing is not a pass: an input with no exchange is an input error (exit 2).
const NOTHING_VALIDATED = {
  where: '',
  message:
    'no exchange was found in the input, so nothing was validated: record traffic as NDJSON (one exchange a line) ' +
    'or as HAR 1.2 with a non-empty log.entries array',
};

/** Validates every exchange of a recording and summarises them; never throws on bad input. */
export async function validateRecording(
  input: string | NodeJS.ReadableStream,
  options: ValidateRecordingOptions = {},
): Promise<ValidationSummary> {
  const validator = options.validator ?? new ExchangeValidator();
  const jobs = options.jobs ?? 1;
  if (!Number.isSafeInteger(jobs) || jobs < 1) throw new RangeError(`jobs must be a whole number ≥ 1 (got ${jobs})`);
  const summary: ValidationSummary = {
    input: inputName(input, options),
    spec: { title: String(validator.doc.info.title ?? ''), version: String(validator.doc.info.version) },
    exchanges: 0,
    conforming: 0,
    violating: 0,
    violations: 0,
    reports: [],
    omitted: 0,
    operations: {},
  };
  const batches = readBatches(input, options);
  const outcomes =
    jobs > 1
      ? checkInParallel(
          batches,
          jobs,
          { doc: validator.doc, name: summary.input, coverage: Boolean(options.coverage) },
          checkHere(summary.input, validator, options.coverage),
        )
      : checkInline(batches, summary.input, validator, options.coverage);
  let place = '';
  try {
    for await (const outcome of outcomes) {
      addOutcome(summary, outcome, options);
      if (outcome.last) place = `after ${describeSource(outcome.last)}`;
      if (outcome.fault) {
        summary.inputError = outcome.fault;
        break;
      }
    }
  } catch (error) {
    // A fault outside any exchange's check keeps what was checked before it and names the place.
    summary.inputError =
      error instanceof InputError
        ? { where: error.where, message: error.message }
        : {
            where: place,
            message: `${summary.input}: ${place ? `${place}: ` : ''}could not be validated (${(error as Error).message ?? String(error)})`,
          };
  }
  if (options.coverage) summary.coverage = options.coverage.report();
  if (summary.exchanges === 0 && !summary.inputError) summary.inputError = NOTHING_VALIDATED;
  return summary;
}

async function* checkInline(
  batches: AsyncIterable<RawBatch>,
  name: string,
  validator: ExchangeValidator,
  coverage: CoverageCollector | undefined,
): AsyncGenerator<BatchOutcome> {
  for await (const batch of batches) yield checkBatch(batch, name, validator, coverage);
}

/**
 * This thread's share of a parallel check: its coverage is kept per batch and added in input
 * order with the workers', so that no exchange after a fault counts.
 */
function checkHere(name: string, validator: ExchangeValidator, coverage: CoverageCollector | undefined) {
  const own = coverage ? new CoverageCollector(validator.doc) : undefined;
  return (batch: RawBatch): BatchOutcome => {
    const outcome = checkBatch(batch, name, validator, own);
    if (own) outcome.coverage = own.drain();
    return outcome;
  };
}

/** Counts a batch's exchanges into the summary, in input order, and reports its violating ones. */
function addOutcome(summary: ValidationSummary, outcome: BatchOutcome, options: ValidateRecordingOptions): void {
  const maxReports = options.maxReports ?? 1000;
  let next = 0;
  for (let i = 0; i < outcome.operations.length; i++) {
    summary.exchanges++;
    const key = outcome.operations[i] ?? '(no operation)';
    summary.operations[key] ??= { exchanges: 0, violating: 0 };
    const stats = summary.operations[key];
    stats.exchanges++;
    const report = outcome.violating[next];
    if (report?.index !== i) summary.conforming++;
    else {
      next++;
      report.index = summary.exchanges;
      summary.violating++;
      stats.violating++;
      summary.violations += report.violations.length;
      if (summary.reports.length < maxReports) summary.reports.push(report);
      else summary.omitted++;
      options.onViolation?.(report);
    }
    options.onProgress?.(summary.exchanges);
  }
  if (outcome.coverage) options.coverage?.merge(outcome.coverage);
}

/** 0: all conform; 1: any violation; 2: the input could not be read or checked to its end, or held no exchange. */
export function exitCodeOf(summary: ValidationSummary): 0 | 1 | 2 {
  if (summary.inputError) return 2;
  return summary.violating > 0 ? 1 : 0;
}

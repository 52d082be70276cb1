import { closeSync, fstatSync, openSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { type BatchOutcome, checkBatch } from './check-batch.js';
import { CoverageCollector, type CoverageReport } from './coverage.js';
import { describeSource } from './exchange.js';
import { ExchangeValidator } from './exchange-validator.js';
import { InputError, inputName, type RawBatch, type ReadOptions, readBatches } from './read-exchanges.js';
import { planRanges, RANGE_BYTES, type RangePlan } from './recording-ranges.js';
import { checkRangesInParallel } from './validate-ranges.js';
import { checkBatchesInParallel, WorkerPool } from './validate-workers.js';
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
  /**
   * Called for each violating exchange kept in `reports` (the first `maxReports`), in input order,
   * as soon as the exchanges before it are counted (for streaming output).
   */
  onViolation?: (report: ExchangeReport) => void;
  /** Called after each batch of exchanges (hundreds) with the running count (for progress lines). */
  onProgress?: (exchanges: number) => void;
  /** Collects what the traffic exercised (operations, statuses, parameters, properties). */
  coverage?: CoverageCollector;
  /**
   * Threads that parse and check the exchanges: this one and `jobs - 1` worker threads (default 1:
   * no worker). On an NDJSON file each thread reads byte ranges of its own; other inputs are cut
   * into batches here for the workers. The summary, the report's order and the faults are the same
   * whatever the number.
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
  const check: Check = { name: summary.input, validator, maxReports: options.maxReports ?? 1000 };
  if (options.coverage) check.coverage = options.coverage;
  // Started first, so that the workers load and compile while this thread opens the input.
  const pool =
    jobs > 1 && !isSmallFile(input)
      ? new WorkerPool(jobs - 1, { doc: validator.doc, name: summary.input, coverage: Boolean(options.coverage) })
      : undefined;
  try {
    await collect(
      summary,
      pool ? checkInParallel(input, options, pool, check) : checkInline(input, options, check),
      options,
    );
  } finally {
    await pool?.close();
  }
  if (options.coverage) summary.coverage = options.coverage.report();
  if (summary.exchanges === 0 && !summary.inputError) summary.inputError = NOTHING_VALIDATED;
  return summary;
}

/** What checking a batch needs on this thread. */
interface Check {
  name: string;
  validator: ExchangeValidator;
  maxReports: number;
  coverage?: CoverageCollector;
}

/** Adds the outcomes to the summary in input order, up to the first fault, which it records. */
async function collect(
  summary: ValidationSummary,
  outcomes: AsyncIterable<BatchOutcome>,
  options: ValidateRecordingOptions,
): Promise<void> {
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
}

/**
 * Below this size a file is checked on this thread alone whatever `jobs` says: it is done before a
 * worker would have started (the report is the same either way).
 */
const MIN_PARALLEL_BYTES = 2 * RANGE_BYTES;

function isSmallFile(input: string | NodeJS.ReadableStream): boolean {
  if (typeof input !== 'string' || input === '-') return false;
  const stats = statSync(input, { throwIfNoEntry: false });
  // A missing file is refused by the reader at once.
  return !stats || (stats.isFile() && stats.size < MIN_PARALLEL_BYTES);
}

async function* checkInline(
  input: string | NodeJS.ReadableStream,
  options: ReadOptions,
  { name, validator, maxReports, coverage }: Check,
): AsyncGenerator<BatchOutcome> {
  for await (const batch of readBatches(input, options)) yield checkBatch(batch, name, validator, coverage, maxReports);
}

/**
 * `jobs` threads: an NDJSON file is cut into byte ranges that each thread reads itself; other
 * inputs (stdin, pipes, HAR, whose entries cannot be found from an arbitrary byte) are cut into
 * batches here and handed to the workers. The first batch read settles the format and refuses
 * gzip, UTF-16 and empty inputs as `--jobs 1` does.
 */
async function* checkInParallel(
  input: string | NodeJS.ReadableStream,
  options: ReadOptions,
  pool: WorkerPool,
  check: Check,
): AsyncGenerator<BatchOutcome> {
  const batches = readBatches(input, options);
  const first = await batches.next();
  if (first.done) return;
  const file = first.value.format === 'ndjson' ? openRegularFile(input) : undefined;
  if (!file) {
    yield* checkBatchesInParallel(prepend(first.value, batches), pool, check.maxReports, checkHere(check));
    return;
  }
  await batches.return(undefined);
  // This thread's coverage is kept per range and added in input order with the workers'.
  const own = check.coverage ? new CoverageCollector(check.validator.doc) : undefined;
  try {
    const checker = { ...file, name: check.name, validator: check.validator, coverage: own };
    yield* checkRangesInParallel(checker, pool, check.maxReports);
  } finally {
    closeSync(file.fd);
  }
}

/** A path to a regular file (which can be read at any offset), open, and its ranges; else undefined. */
function openRegularFile(input: string | NodeJS.ReadableStream): { fd: number; plan: RangePlan } | undefined {
  if (typeof input !== 'string' || input === '-') return undefined;
  const fd = openSync(input, 'r');
  const stats = fstatSync(fd);
  if (stats.isFile()) return { fd, plan: planRanges(resolve(input), stats.size) };
  closeSync(fd);
  return undefined;
}

async function* prepend<T>(head: T, rest: AsyncIterator<T>): AsyncGenerator<T> {
  yield head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * This thread's share of a parallel check: its coverage is kept per batch and added in input
 * order with the workers', so that no exchange after a fault counts.
 */
function checkHere({ name, validator, maxReports, coverage }: Check) {
  const own = coverage ? new CoverageCollector(validator.doc) : undefined;
  return (batch: RawBatch): BatchOutcome => {
    const outcome = checkBatch(batch, name, validator, own, maxReports);
    if (own) outcome.coverage = own.drain();
    return outcome;
  };
}

/** Counts a batch's outcome into the summary, in input order, and keeps its first violating exchanges' reports. */
function addOutcome(summary: ValidationSummary, outcome: BatchOutcome, options: ValidateRecordingOptions): void {
  const maxReports = options.maxReports ?? 1000;
  const before = summary.exchanges;
  summary.exchanges += outcome.exchanges;
  summary.conforming += outcome.exchanges - outcome.violating;
  summary.violating += outcome.violating;
  summary.violations += outcome.violations;
  for (const [key, counts] of Object.entries(outcome.operations)) {
    summary.operations[key] ??= { exchanges: 0, violating: 0 };
    const stats = summary.operations[key];
    stats.exchanges += counts.exchanges;
    stats.violating += counts.violating;
  }
  for (const report of outcome.reports) {
    if (summary.reports.length >= maxReports) break;
    report.index = before + report.index + 1;
    summary.reports.push(report);
    options.onViolation?.(report);
  }
  summary.omitted = summary.violating - summary.reports.length;
  if (outcome.coverage) options.coverage?.merge(outcome.coverage);
  if (outcome.exchanges > 0) options.onProgress?.(summary.exchanges);
}

/** 0: all conform; 1: any violation; 2: the input could not be read or checked to its end, or held no exchange. */
export function exitCodeOf(summary: ValidationSummary): 0 | 1 | 2 {
  if (summary.inputError) return 2;
  return summary.violating > 0 ? 1 : 0;
}

import { InputError } from '../errors.js';
import { describeSource } from '../read/exchange.js';
import { inputName, type ReadOptions, type RecordedExchange, readExchanges } from '../read/read-exchanges.js';
import { ServerFilter } from '../route/server-filter.js';
import type { CoverageCollector, CoverageReport } from './coverage.js';
import { ExchangeValidator } from './exchange-validator.js';
import type { ExchangeReport } from './violations.js';

/** The summary's key for exchanges that matched no operation. */
export const NO_OPERATION = '(no operation)';

export interface ValidationSummary {
  /** The input's name (`stdin` for `-`). */
  input: string;
  spec: { title: string; version: string };
  /** Exchanges checked. */
  exchanges: number;
  conforming: number;
  /** Exchanges with at least one violation. */
  violating: number;
  violations: number;
  /** Checked exchanges with a body the recording left out (a HAR's content with a size, no text): not checked. */
  bodiesNotRecorded: number;
  /** Requests the client never completed (a HAR entry with status 0 or `_error`): not checked, not violations. */
  clientFailures: number;
  /** Exchanges sent to a host outside the `servers` asked for: not checked. */
  skipped: number;
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
  /** Called every PROGRESS_EVERY exchanges checked with the running count (for progress lines). */
  onProgress?: (exchanges: number) => void;
  /** Collects what the traffic exercised (operations, statuses, parameters, properties). */
  coverage?: CoverageCollector;
  /**
   * The API's servers (`https://host/v3`): only exchanges sent to one of them are checked, the
   * others counted as `skipped`. Default: every exchange is checked.
   */
  servers?: string[];
}

/** A check that saw nothing is not a pass: an input with no exchange checked is an input error (exit 2). */
function nothingValidated(summary: ValidationSummary): { where: string; message: string } {
  const read = summary.clientFailures + summary.skipped;
  if (read === 0) {
    return {
      where: '',
      message:
        'no exchange was found in the input, so nothing was validated: record traffic as NDJSON (one exchange a line) ' +
        'or as HAR 1.2 with a non-empty log.entries array',
    };
  }
  return {
    where: '',
    message:
      `none of the ${read} exchanges read was checked (${summary.clientFailures} never completed by the client, ` +
      `${summary.skipped} outside --server), so nothing was validated: check the --server URLs, or record the API's traffic`,
  };
}

/** Validates every exchange of a recording and summarises them; never throws on bad input. */
export async function validateRecording(
  input: string | NodeJS.ReadableStream,
  options: ValidateRecordingOptions = {},
): Promise<ValidationSummary> {
  const validator = options.validator ?? new ExchangeValidator();
  const summary: ValidationSummary = {
    input: inputName(input, options),
    spec: { title: String(validator.doc.info.title ?? ''), version: String(validator.doc.info.version) },
    exchanges: 0,
    conforming: 0,
    violating: 0,
    violations: 0,
    bodiesNotRecorded: 0,
    clientFailures: 0,
    skipped: 0,
    reports: [],
    omitted: 0,
    operations: {},
  };
  const servers = options.servers?.length ? new ServerFilter(options.servers) : undefined;
  const run: Run = { summary, validator, servers, options, place: '' };
  try {
    for await (const recorded of readExchanges(input, options)) if (!checkRecorded(recorded, run)) break;
  } catch (error) {
    // A fault outside any exchange's check keeps what was checked before it and names the place.
    const { place } = run;
    summary.inputError =
      error instanceof InputError
        ? { where: error.where, message: error.message }
        : {
            where: place,
            message: `${summary.input}: ${place ? `${place}: ` : ''}could not be validated (${(error as Error).message ?? String(error)})`,
          };
  }
  summary.omitted = summary.violating - summary.reports.length;
  if (options.coverage) summary.coverage = options.coverage.report();
  if (summary.exchanges === 0 && !summary.inputError) summary.inputError = nothingValidated(summary);
  return summary;
}

interface Run {
  summary: ValidationSummary;
  validator: ExchangeValidator;
  servers: ServerFilter | undefined;
  options: ValidateRecordingOptions;
  /** Where the last exchange read came from, for a fault's message. */
  place: string;
}

/** Checks one exchange, counting it into the summary; false when a fault in its check ends the run (recorded). */
function checkRecorded(recorded: RecordedExchange, run: Run): boolean {
  const { summary } = run;
  try {
    checkOne(recorded, run);
  } catch (error) {
    // Any fault, not only unreadable input, ends the check here and names the exchange.
    const where = describeSource(recorded.source);
    const why = (error as Error).message ?? String(error);
    summary.inputError = { where, message: `${summary.input}: ${where}: could not be validated (${why})` };
    return false;
  }
  run.place = `after ${describeSource(recorded.source)}`;
  return true;
}

/** How often a progress line is updated, in exchanges checked. */
const PROGRESS_EVERY = 1000;

function checkOne({ exchange, source, clientFailure }: RecordedExchange, run: Run): void {
  const { summary, options } = run;
  if (clientFailure !== undefined) {
    summary.clientFailures++;
    return;
  }
  if (run.servers && !run.servers.includes(exchange.request.url)) {
    summary.skipped++;
    return;
  }
  const report = run.validator.validate(exchange, source, summary.exchanges + 1);
  options.coverage?.add(exchange, report);
  summary.exchanges++;
  if (summary.exchanges % PROGRESS_EVERY === 0) options.onProgress?.(summary.exchanges);
  if (report.unchecked) summary.bodiesNotRecorded++;
  const key = report.operationId ?? NO_OPERATION;
  summary.operations[key] ??= { exchanges: 0, violating: 0 };
  const stats = summary.operations[key];
  stats.exchanges++;
  if (report.violations.length === 0) {
    summary.conforming++;
    return;
  }
  summary.violating++;
  stats.violating++;
  summary.violations += report.violations.length;
  if (summary.reports.length >= (options.maxReports ?? 1000)) return;
  summary.reports.push(report);
  options.onViolation?.(report);
}

/** 0: all conform; 1: any violation; 2: the input could not be read or checked to its end, or held no exchange. */
export function exitCodeOf(summary: ValidationSummary): 0 | 1 | 2 {
  if (summary.inputError) return 2;
  return summary.violating > 0 ? 1 : 0;
}

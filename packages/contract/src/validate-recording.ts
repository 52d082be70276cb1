import type { CoverageCollector, CoverageReport } from './coverage.js';
import { describeSource } from './exchange.js';
import { ExchangeValidator } from './exchange-validator.js';
import { InputError, inputName, type ReadOptions, readExchanges } from './read-exchanges.js';
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
  const maxReports = options.maxReports ?? 1000;
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
  let place = '';
  try {
    for await (const { exchange, source } of readExchanges(input, options)) {
      place = describeSource(source);
      const report = validator.validate(exchange, source, summary.exchanges + 1);
      summary.exchanges++;
      options.coverage?.add(exchange, report);
      const key = report.operationId ?? '(no operation)';
      summary.operations[key] ??= { exchanges: 0, violating: 0 };
      const stats = summary.operations[key];
      stats.exchanges++;
      if (report.violations.length === 0) summary.conforming++;
      else {
        summary.violating++;
        stats.violating++;
        summary.violations += report.violations.length;
        if (summary.reports.length < maxReports) summary.reports.push(report);
        else summary.omitted++;
        options.onViolation?.(report);
      }
      options.onProgress?.(summary.exchanges);
      place = `after ${place}`;
    }
  } catch (error) {
    // Any fault, not only unreadable input, keeps what was checked before it and names the place.
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

/** 0: all conform; 1: any violation; 2: the input could not be read or checked to its end, or held no exchange. */
export function exitCodeOf(summary: ValidationSummary): 0 | 1 | 2 {
  if (summary.inputError) return 2;
  return summary.violating > 0 ? 1 : 0;
}

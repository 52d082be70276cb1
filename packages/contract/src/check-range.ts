import { type BatchOutcome, checkBatch, emptyOutcome } from './check-batch.js';
import type { CoverageCollector } from './coverage.js';
import type { ExchangeValidator } from './exchange-validator.js';
import { NDJSON_SHAPE } from './read-exchanges.js';
import { InputError } from './recording-batch.js';
import { type RangePlan, readOwnedLines } from './recording-ranges.js';

/** A range's verdicts, and the lines it spans (so that the main thread can number the next range's). */
export interface RangeOutcome {
  outcome: BatchOutcome;
  newlines: number;
}

/** What a thread needs to check ranges of one file. */
export interface RangeChecker {
  fd: number;
  plan: RangePlan;
  name: string;
  validator: ExchangeValidator;
  coverage?: CoverageCollector | undefined;
}

/**
 * Reads and checks range `index`, numbering its first line `firstLine`: a thread that does not know
 * the lines before the range passes 1, and the main thread renumbers the outcome when it merges it.
 */
export function checkRange(checker: RangeChecker, index: number, firstLine: number, keep: number): RangeOutcome {
  const { fd, plan, name, validator, coverage } = checker;
  const owned = readOwnedLines(fd, plan, index);
  const outcome =
    owned.bytes.length === 0
      ? emptyOutcome()
      : checkBatch({ format: 'ndjson', bytes: owned.bytes, firstLine }, name, validator, coverage, keep);
  if (owned.tooLong && !outcome.fault) {
    // The same fault as the streaming reader's (src/read-exchanges.ts).
    const where = `line ${firstLine + owned.newlines}`;
    const problem = `the line is longer than ${plan.maxLineBytes} bytes: one exchange per line is expected (${NDJSON_SHAPE})`;
    outcome.fault = { where, message: new InputError(name, where, problem).message };
  }
  if (coverage) outcome.coverage = coverage.drain();
  return { outcome, newlines: owned.newlines };
}

/** Moves an outcome numbered from line 1 to lines from `firstLine`; its sources are new objects (they may be shared). */
export function renumber(outcome: BatchOutcome, firstLine: number): BatchOutcome {
  const shift = firstLine - 1;
  const moved = (source: { line?: number }) => (source.line === undefined ? source : { line: source.line + shift });
  return {
    ...outcome,
    reports: outcome.reports.map((report) => ({ ...report, source: moved(report.source) })),
    ...(outcome.last ? { last: moved(outcome.last) } : {}),
  };
}

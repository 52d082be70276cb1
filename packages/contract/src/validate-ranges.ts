import { setImmediate } from 'node:timers/promises';
import { type BatchOutcome, faultOutcome } from './check-batch.js';
import { checkRange, type RangeChecker, renumber } from './check-range.js';
import { RangeClaims } from './range-claims.js';
import type { RangeAnswer, WorkerPool } from './validate-workers.js';

/**
 * `validate --jobs N` on an NDJSON file: this thread and the pool's workers each claim the next
 * byte range when ready for one, and read and check it themselves (no exchange passes between
 * threads; only counts, coverage and at most --max-reports reports come back). This thread merges
 * the outcomes in input order, numbering each range's lines after the ranges before it, so that the
 * summary, the report and the faults are those of `--jobs 1`.
 */
export async function* checkRangesInParallel(
  checker: RangeChecker,
  pool: WorkerPool,
  maxReports: number,
): AsyncGenerator<BatchOutcome> {
  const claims = RangeClaims.create(checker.plan.count, maxReports, pool.size);
  const answers = new Map<number, RangeAnswer>();
  let merged = 0;
  pool.checkRanges(checker.plan, claims, (index, answer) => {
    // A worker that failed after answering: its answer stands.
    if (index >= merged && !(answers.has(index) && 'failed' in answer)) answers.set(index, answer);
  });
  let lines = 0;
  let reports = 0;
  while (merged < claims.end) {
    const answer = answers.get(merged);
    if (answer) {
      answers.delete(merged);
      const outcome = mergeable(answer, checker, merged, lines + 1, claims.wanted);
      yield outcome;
      if (outcome.fault) return;
      lines += (answer as { newlines: number }).newlines;
      reports += outcome.reports.length;
      claims.merged(++merged, reports, maxReports);
      continue;
    }
    // The next range; when none is left to claim (or this thread is too far ahead), the oldest range
    // not merged is on a worker: this thread checks it too rather than wait (the first answer is
    // taken), so that a worker slow on its range (starting cold, or held off its core) does not hold
    // the end back.
    const claimed = claims.tryClaim();
    const index = claimed === 'ahead' || claimed < 0 ? merged : claimed;
    const result = checkRange(checker, index, 1, claims.wanted);
    if (result.outcome.fault) claims.stopAfter(index);
    answers.set(index, result);
    // Lets the workers' answers in.
    await setImmediate();
  }
}

/**
 * A range's outcome with its lines numbered from `firstLine`. A range that ends at a fault is
 * checked again here, now that its first line's number is known, so that the fault's message is
 * word for word that of `--jobs 1` (it ends the input: this happens once).
 */
function mergeable(
  answer: RangeAnswer,
  checker: RangeChecker,
  index: number,
  firstLine: number,
  keep: number,
): BatchOutcome {
  if ('failed' in answer) {
    const where = `line ${firstLine}`;
    const message = `${checker.name}: ${where}: could not be validated (${answer.failed})`;
    return faultOutcome(where, message);
  }
  if (!answer.outcome.fault) return renumber(answer.outcome, firstLine);
  return checkRange(checker, index, firstLine, keep).outcome;
}

import { createRequire } from 'node:module';
import type RandExpModule from 'randexp';
import type { Rating } from './findings.js';

// randexp is CommonJS (`module.exports = RandExp`).
type RandExp = RandExpModule.default;
const RandExp = createRequire(import.meta.url)('randexp') as typeof RandExpModule.default;

/** Values drawn from the new pattern; each is also tried with text around it where the pattern is not anchored. */
const SAMPLES = 200;
/** Repetitions (`+`, `*`, `{n,}`) drawn up to this many times past their minimum: long enough to see a bound widened (`{1,20}` → `+`). */
const REPEAT = 64;

/**
 * Rates oasdiff's `response-property-pattern-changed` (a WARN): a response pattern that only
 * narrows (every value the new pattern allows, the old allowed too) breaks no client; one that
 * lets through a value the old refused breaks clients that validate responses (pydantic models
 * from datamodel-code-generator check `pattern`). Narrowing is judged on values drawn from the
 * new pattern with a fixed seed (the same verdict on every run); a value that fails the old
 * pattern is named. Undefined (so: breaking) when the text or a pattern cannot be read.
 */
export function responsePatternVerdict(text: string): { rating: Rating; why: string } | undefined {
  const found = /pattern was changed from `(.*)` to `(.*)` for the status/.exec(text);
  if (!found || found[1]?.includes('` to `')) return undefined;
  const [, before = '', after = ''] = found;
  const counterexample = valueOnlyNewAllows(before, after);
  if (counterexample === undefined) return undefined;
  if (counterexample === null) {
    return {
      rating: 'not-breaking',
      why: `the pattern narrows: each of ${SAMPLES} values drawn from the new pattern matches the old one, so clients get only values they accepted before`,
    };
  }
  return {
    rating: 'breaking',
    why: `the pattern widens: ${JSON.stringify(counterexample)} matches the new pattern but not the old one, and clients that validate responses refuse it`,
  };
}

/** A value the new pattern allows and the old does not; null when none was found; undefined when a pattern cannot be used. */
function valueOnlyNewAllows(before: string, after: string): string | null | undefined {
  let old: RegExp;
  let generator: RandExp;
  try {
    old = new RegExp(before, 'u');
    new RegExp(after, 'u');
    generator = new RandExp(after);
  } catch {
    return undefined;
  }
  generator.max = REPEAT;
  generator.randInt = seededInts(0x5eed);
  const around = (value: string) => [
    value,
    ...(after.startsWith('^') ? [] : [`~${value}`]),
    ...(after.endsWith('$') ? [] : [`${value}~`]),
  ];
  for (let i = 0; i < SAMPLES; i++) {
    for (const value of around(generator.gen())) if (!old.test(value)) return value;
  }
  return null;
}

/** A deterministic integer source for randexp (mulberry32), so a verdict never depends on the run. */
function seededInts(seed: number): (low: number, high: number) => number {
  let state = seed >>> 0;
  return (low, high) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return low + Math.floor(unit * (high - low + 1));
  };
}

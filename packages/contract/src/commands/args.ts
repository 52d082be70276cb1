import { parseArgs } from 'node:util';

import { UsageError } from '../errors.js';

type Options = Record<string, { type: 'string' | 'boolean'; default?: string; multiple?: boolean }>;

/** Parses a command line; an option given `multiple` comes back as a list (read it with {@link list}). */
export function parse(args: string[], options: Options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true }) as {
      values: Record<string, string | undefined>;
      positionals: string[];
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The values of an option declared `multiple`. */
export function list(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

export function oneOf(value: string | undefined, allowed: string[], flag: string): string {
  if (value === undefined || !allowed.includes(value))
    throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value;
}

/** A whole number flag; an empty or partial value (`--max-reports=`, `12abc`) is refused. */
export function wholeNumber(
  value: string | undefined,
  flag: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER } = {},
): number {
  const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${value ?? ''}")`);
  }
  return n;
}

// One line per attempt, like openai-node's OPENAI_LOG: debug shows every attempt, info the retries,
// warn the failures that end a request. Everything logged passes through the redactor first.

import type { Redact } from './redact.js';
import { check, checkOneOf, envName } from './validate.js';

/** Where log lines go; `console` by default. Each method gets a message and its fields. */
export interface Logger {
  debug(message: string, fields: AttemptLog): void;
  info(message: string, fields: AttemptLog): void;
  warn(message: string, fields: AttemptLog): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'off';
const LEVELS = ['debug', 'info', 'warn', 'off'];

/** What is logged of one attempt. */
export interface AttemptLog {
  method: string;
  operation: string;
  /** Without its query (it may carry user data). */
  url: string;
  /** The HTTP status, or the error's name when no answer came. */
  status: number | string;
  /** 1-based, out of `attempts`. */
  attempt: number;
  attempts: number;
  /** ms before the next attempt; absent when there is none. */
  wait?: number;
  /** ms the attempt took. */
  elapsed: number;
}

/** `log(level, fields)` with level 0 debug, 1 info, 2 warn; callers compare with the threshold first, to skip the work. */
export type Log = (level: 0 | 1 | 2, fields: AttemptLog, redact: Redact) => void;

export function createLog(level: string | undefined, logger: Logger): { log: Log; logThreshold: number } {
  const logThreshold = LEVELS.indexOf(checkOneOf('logLevel', level ?? 'warn', LEVELS, LOG_ENV));
  const log: Log = (at, fields, redact) => {
    const f = redact({ ...fields, url: fields.url.split(/[?#]/)[0]! });
    // A logger's failure never replaces the outcome of the call it reports on.
    try {
      logger[LEVELS[at] as 'debug'](
        `chatplatform: ${f.method} ${f.operation} ${f.url} → ${f.status} (attempt ${f.attempt} of ${f.attempts}, ${f.elapsed} ms)${f.wait === undefined ? '' : `, retrying in ${Math.round(f.wait)} ms`}`,
        f,
      );
    } catch {}
  };
  return { log, logThreshold };
}

/** `logger` when it has the three methods, else an InvalidInputError naming those missing. */
export function checkLogger(logger: unknown): Logger {
  const missing = LEVELS.slice(0, 3).filter((m) => typeof (logger as Record<string, unknown>)?.[m] !== 'function');
  return check(
    !missing.length,
    'logger',
    logger as Logger,
    `has no ${missing.join(', ')} method: give an object with debug, info and warn (console has them)`,
    true,
  );
}

/** The environment variable of the log level (CHATPLATFORM_LOG, as openai-node's OPENAI_LOG). */
export const LOG_ENV = envName('log');

// When and how long to wait before the next attempt.

/** Statuses worth another attempt: request timeout, rate limited, server failures. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

export interface BackoffOptions {
  /** First delay in ms (doubled per retry). */
  initialDelay: number;
  /** Cap of the exponential delay in ms. */
  maxDelay: number;
  /** Cap of a server's Retry-After in ms: longer waits are cut to this. */
  maxRetryAfter: number;
  /** Source of randomness for the jitter, in [0, 1). */
  random: () => number;
}

/**
 * Delay before retry number `retry` (0-based): the server's Retry-After when it sent one (seconds
 * or an HTTP date, bounded by `maxRetryAfter`), else capped exponential backoff with up to 25 %
 * jitter taken off, so that clients that failed together do not retry together.
 */
export function retryDelay(retry: number, retryAfter: string | null, o: BackoffOptions, now = Date.now()): number {
  const fromServer = parseRetryAfter(retryAfter, now);
  if (fromServer !== undefined) return Math.min(fromServer, o.maxRetryAfter);
  const exponential = Math.min(o.initialDelay * 2 ** retry, o.maxDelay);
  return exponential * (1 - 0.25 * o.random());
}

/** Retry-After as ms from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined if absent or invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts; leaves no timer behind. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

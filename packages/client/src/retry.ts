// When and how long to wait before the next attempt.

/** Statuses worth another attempt: request timeout, rate limited, server failures. */
export const isRetryableStatus = (status: number) => status === 408 || status === 429 || status > 499;

export interface BackoffOptions {
  /** First delay in ms (doubled per retry). */
  initialRetryDelay: number;
  /** Cap of the exponential delay in ms. */
  maxRetryDelay: number;
  /** Cap of a server's Retry-After in ms: longer waits are cut to this. */
  maxRetryAfter: number;
  /** Source of randomness for the jitter, in [0, 1). */
  random: () => number;
}

/**
 * Delay before retry number `retry` (0-based): the server's Retry-After when it sent a valid one
 * (delta-seconds or an HTTP date, RFC 9110 §10.2.3, bounded by `maxRetryAfter`), else capped
 * exponential backoff with up to 25 % jitter taken off, so that clients that failed together do
 * not retry together.
 */
export function retryDelay(retry: number, retryAfter: string | null, o: BackoffOptions): number {
  const v = retryAfter?.trim() ?? '';
  const fromServer = /^\d+$/.test(v) ? +v * 1000 : Date.parse(v) - Date.now();
  if (!Number.isNaN(fromServer)) return Math.min(Math.max(0, fromServer), o.maxRetryAfter);
  return Math.min(o.initialRetryDelay * 2 ** retry, o.maxRetryDelay) * (1 - 0.25 * o.random());
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts; leaves no timer behind. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort);
  });

// When and how long to wait before the next attempt.

/** Statuses worth another attempt: request timeout, rate limited, server failures. */
export const isRetryableStatus = (status: number) => status === 408 || status === 429 || status > 499;

export interface BackoffOptions {
  /** First delay in ms (doubled per retry). */
  initialRetryDelay: number;
  /** Cap of the exponential delay in ms. */
  maxRetryDelay: number;
  /** Longest Retry-After honoured, in ms: a longer one falls back to the backoff. */
  maxRetryAfter: number;
  /** Source of randomness for the jitter, in [0, 1). */
  random: () => number;
}

/**
 * The wait a Retry-After value asks for, in ms (0 for a date in the past), or undefined when it is
 * neither delta-seconds (a non-negative integer) nor an HTTP-date in one of RFC 9110 §5.6.7's three
 * forms (IMF-fixdate, obsolete RFC 850, asctime). Date.parse alone would read `-5` or `Foo 12` as
 * dates in 2001, i.e. no wait at all; so the date it reads must print back as the value given.
 */
export function parseRetryAfter(value?: string | null, now = Date.now()): number | undefined {
  const v = value?.trim() ?? '';
  if (/^\d+$/.test(v)) return +v * 1000;
  // asctime has no zone: it is GMT (RFC 9110), not the machine's local time.
  const date = new Date(/GMT$/.test(v) ? v : `${v} GMT`);
  const imf = date.toUTCString(); // Sun, 06 Nov 1994 08:49:37 GMT
  const [day, dd, month, year = '', time] = imf.split(' ');
  const forms = [
    imf,
    `${date.toLocaleDateString('en', { weekday: 'long', timeZone: 'UTC' })}, ${dd}-${month}-${year.slice(2)} ${time} GMT`,
    `${day?.slice(0, 3)} ${month} ${dd?.replace(/^0/, ' ')} ${time} ${year}`,
  ];
  return forms.includes(v) && imf !== 'Invalid Date' ? Math.max(0, +date - now) : undefined;
}

/**
 * Delay before retry number `retry` (0-based): the server's Retry-After when it sent a valid one
 * (see parseRetryAfter) of at most `maxRetryAfter`, else capped exponential backoff with up to
 * 25 % jitter taken off, so that clients that failed together do not retry together. A longer
 * Retry-After is not waited for, not even cut to the cap: the last attempt would come after it
 * all the same, so the backoff keeps the retries the caller asked for within their usual time.
 */
export function retryDelay(retry: number, retryAfter: string | null | undefined, o: BackoffOptions): number {
  const fromServer = parseRetryAfter(retryAfter);
  if (fromServer !== undefined && fromServer <= o.maxRetryAfter) return fromServer;
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

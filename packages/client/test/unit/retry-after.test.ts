// Retry-After (RFC 9110 §10.2.3): only delta-seconds (a non-negative integer) and an HTTP-date in
// one of its three forms (§5.6.7) count; anything else falls back to the backoff. Property tests on
// the delay function, then one end to end through a fault server.
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { retryDelay } from '../../src/retry.js';
import { type FaultServer, json, startFaultServer } from '../support/fault-server.js';
import { clientFor } from '../support/helpers.js';

const MAX = 2 ** 31 - 1;
const options = { initialRetryDelay: 500, maxRetryDelay: 8000, maxRetryAfter: MAX, random: () => 0 };
const BACKOFF = 500; // the first retry's backoff with no jitter

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
/** The three forms RFC 9110 §5.6.7 gives for one instant. */
const forms = (d: Date) => [
  d.toUTCString(), // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
  `${DAYS[d.getUTCDay()]}, ${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${pad(d.getUTCFullYear() % 100)} ${time(d)} GMT`,
  `${DAYS[d.getUTCDay()]!.slice(0, 3)} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${time(d)} ${d.getUTCFullYear()}`,
];

describe('Retry-After values', () => {
  test('delta-seconds: that many seconds up to maxRetryAfter, the backoff beyond', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.constantFrom('', ' '), (seconds, space) => {
        const expected = seconds * 1000 <= MAX ? seconds * 1000 : BACKOFF;
        expect(retryDelay(0, `${space}${seconds}${space}`, options)).toBe(expected);
      }),
    );
  });

  test('an HTTP-date in any of the three forms: the time until then (0 when past)', () => {
    // Whole seconds, within the 2-digit years RFC 850 dates can still say (1970-2049 as read here).
    const instant = fc
      .integer({ min: Date.UTC(1971, 0), max: Date.UTC(2049, 0) })
      .map((ms) => new Date(ms - (ms % 1000)));
    fc.assert(
      fc.property(instant, (date) => {
        const until = Math.max(0, date.getTime() - Date.now());
        // Within a second of the cap, the run's own time decides the side: not tested there.
        if (Math.abs(until - MAX) < 1000) return;
        for (const value of forms(date)) {
          const expected = until <= MAX ? until : BACKOFF;
          expect(Math.abs(retryDelay(0, value, options) - expected), value).toBeLessThan(1000);
        }
      }),
    );
  });

  test('anything else falls back to the backoff, however Date.parse would read it', () => {
    const known = fc.constantFrom(
      '-5',
      '1.5',
      'Foo 12',
      '12 Foo',
      '1e3',
      '0x10',
      '+5',
      '2024-01-01',
      'Tue, 1 Jan 2030 00:00:00 GMT',
      'Mon, 06 Nov 1994 08:49:37 GMT', // a Sunday: a weekday that does not match is not that date
      'Invalid Date', // what a date that does not parse prints as
      '',
    );
    const junk = fc.string().filter((s) => !/^\s*\d+\s*$/.test(s) && !/GMT|\d{4}$/.test(s));
    fc.assert(
      fc.property(fc.oneof(known, junk), (value) => {
        expect(retryDelay(0, value, options)).toBe(BACKOFF);
      }),
      { numRuns: 500 },
    );
  });
});

let server: FaultServer | undefined;
afterEach(() => server?.close());

test('a malformed Retry-After on the wire: the backoff, not zero', async () => {
  server = await startFaultServer([
    json(429, {}, { 'retry-after': '-5' }),
    json(503, {}, { 'retry-after': 'Foo 12' }),
    json(200, {}),
  ]);
  const { client, sleeps } = clientFor(server.url, { random: () => 0 });
  await client.calls.get('s1');
  expect(sleeps).toEqual([500, 1000]);
});

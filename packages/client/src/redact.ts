// Secrets must not reach anything a user can see: messages, stacks, bodies echoed by a server.
export const REDACTED = '[REDACTED]';

export type Redact = <T>(value: T) => T;

/** A function replacing every occurrence of the given secrets (raw and percent-encoded) in strings, deeply. */
export function createRedactor(secrets: readonly string[]): Redact {
  // Longest first, so that a secret containing another is replaced whole.
  const needles = secrets.flatMap((s) => [s, encodeURIComponent(s)]).sort((a, b) => b.length - a.length);
  const scrub = (s: string) => needles.reduce((acc, n) => acc.split(n).join(REDACTED), s);
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (!value || typeof value !== 'object') return value;
    // The depth bound keeps a hostile body from overflowing the stack; what lies deeper is withheld, not shown unredacted.
    if (depth > 32) return REDACTED;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k), walk(v, depth + 1)]));
  };
  return ((value: unknown) => walk(value, 0)) as Redact;
}

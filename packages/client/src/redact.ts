// Secrets must not reach anything a user can see: messages, stacks, bodies echoed by a server.
export const REDACTED = '[REDACTED]';

export type Redact = <T>(value: T) => T;

/** A function replacing every occurrence of the given secrets (raw and percent-encoded) in strings, deeply. */
export function createRedactor(secrets: readonly (string | undefined)[]): Redact {
  const needles = [
    ...new Set(secrets.flatMap((s) => (s ? [s, encodeURIComponent(s)] : []))),
  ].sort((a, b) => b.length - a.length);
  if (needles.length === 0) return (value) => value;
  const scrub = (s: string) => needles.reduce((acc, n) => acc.split(n).join(REDACTED), s);
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (depth > 32 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrub(k), walk(v, depth + 1)]));
  };
  return ((value: unknown) => walk(value, 0)) as Redact;
}

// The mock's options, checked in one place for startMock() and the CLI alike. This module loads no
// Prism code, so that the CLI refuses a bad option at once.

/** The mock could not start: a refused option, a missing spec, a port in use. */
export class MockStartError extends Error {
  override name = 'MockStartError';
}

/** An option given to startMock() or the CLI that is refused: the CLI prints its usage beside it. */
export class MockOptionError extends MockStartError {
  override name = 'MockOptionError';
}

/** A port on 127.0.0.1 (0: a free one); undefined stays undefined. */
export function checkedPort(port: number | string | undefined): number | undefined {
  if (port === undefined) return undefined;
  if (/^\d{1,5}$/.test(String(port)) && Number(port) <= 65535) return Number(port);
  throw new MockOptionError(
    `The port must be an integer from 0 to 65535 (0: a free one), got ${JSON.stringify(port)}. Pass e.g. --port 4010.`,
  );
}

/** A seed for dynamic answers, as the decimal string Prism takes; undefined stays undefined. */
export function checkedSeed(seed: number | string | undefined): string | undefined {
  if (seed === undefined) return undefined;
  if (/^-?\d+$/.test(String(seed))) return String(seed);
  throw new MockOptionError(`The seed must be an integer, got ${JSON.stringify(seed)}. Pass e.g. --seed 42.`);
}

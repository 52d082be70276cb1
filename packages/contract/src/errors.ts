/**
 * Every fault of what the user gave (a command line, an input, a spec, a missing tool), reported by
 * its message alone with the exit code its kind carries. Any other error is a bug of this package:
 * the CLI reports it as it comes, also with exit 2.
 */
export abstract class ContractError extends Error {
  abstract readonly exitCode: 1 | 2;
}

/** A wrong command line: the CLI prints the message and the usage. */
export class UsageError extends ContractError {
  readonly exitCode = 2;
  override name = 'UsageError';
}

/** The recording cannot be read: `where` names the line or entry, `problem` what was wrong. */
export class InputError extends ContractError {
  readonly exitCode = 2;
  override name = 'InputError';

  constructor(
    readonly file: string,
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${file}: ${where ? `${where}: ` : ''}${problem}`);
  }
}

/** An OpenAPI document cannot be read, or is not the OpenAPI 3.x this package reads. */
export class SpecInputError extends ContractError {
  readonly exitCode = 2;
  override name = 'SpecInputError';
}

/** The breaking gate's baseline cannot be found or built. */
export class BaselineError extends SpecInputError {
  override name = 'BaselineError';
}

/** The bundled spec is older than a file it is built from. */
export class StaleBundleError extends SpecInputError {
  override name = 'StaleBundleError';
}

/** oasdiff is not installed, or not where OASDIFF says. */
export class ToolMissingError extends ContractError {
  readonly exitCode = 2;
  override name = 'ToolMissingError';
}

/** oasdiff ran but cannot be trusted: it failed, printed nothing or no JSON, or is not the pinned release. */
export class OasdiffError extends ContractError {
  readonly exitCode = 2;
  override name = 'OasdiffError';
}

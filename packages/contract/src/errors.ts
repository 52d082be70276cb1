/**
 * An error the CLI reports by its message alone, exiting with the code its kind carries: a fault
 * of what the user gave (a command line, an input, a document), never a bug of this package (which
 * the CLI reports as it comes, also with exit 2).
 */
export abstract class ContractError extends Error {
  abstract readonly exitCode: 1 | 2;
}

/** A wrong command line: the CLI prints the message and the usage. */
export class UsageError extends ContractError {
  readonly exitCode = 2;
  override name = 'UsageError';
}

/** The input cannot be read: `where` names the line or entry, `problem` what was wrong. */
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

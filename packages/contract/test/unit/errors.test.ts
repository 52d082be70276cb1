// One error base for the package: every fault of the user's input is a ContractError carrying the
// exit code the CLI gives it, so the CLI needs no list of kinds per command.
import { describe, expect, it } from 'vitest';
import {
  BaselineError,
  ContractError,
  InputError,
  OasdiffError,
  SpecInputError,
  StaleBundleError,
  ToolMissingError,
  UsageError,
} from '../../src/index.js';
import { runInProcess } from '../support/helpers.js';

describe('errors', () => {
  it.each([
    new UsageError('u'),
    new InputError('f', 'line 1', 'p'),
    new SpecInputError('s'),
    new BaselineError('b'),
    new StaleBundleError('st'),
    new ToolMissingError('t'),
    new OasdiffError('o'),
  ])('$name is a ContractError with exit code 2', (error) => {
    expect(error).toBeInstanceOf(ContractError);
    expect(error.exitCode).toBe(2);
  });

  it('a spec that cannot be read is a SpecInputError, reported by the command that read it (exit 2)', async () => {
    const { code, stderr } = await runInProcess([
      'validate',
      'test/fixtures/traffic/conforming.ndjson',
      '--spec',
      'nowhere.yaml',
    ]);
    expect(code).toBe(2);
    expect(stderr).toContain('chatplatform-contract validate: cannot read the OpenAPI document nowhere.yaml');
  });

  it('an --upstream that is no http(s) URL is a usage error: the message and the usage', async () => {
    const { code, stderr } = await runInProcess(['proxy', '--upstream', 'ftp://example.test/v3']);
    expect(code).toBe(2);
    expect(stderr).toContain('--upstream must use http or https (got ftp:)');
    expect(stderr).toContain('Usage: chatplatform-contract');
  });
});

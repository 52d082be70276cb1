// A missing toolchain fails with what to install; nothing passes by skipping.
import { describe, expect, test } from 'vitest';
import { MissingToolchainError, requireTool } from '../scripts/lib/toolchain.mjs';

describe('requireTool', () => {
  test('names what to install when the command is missing', () => {
    const tools = { 'chatplatform-no-such-go': { args: ['version'], install: 'Go 1.21 or newer' } };
    expect(() => requireTool('chatplatform-no-such-go', tools)).toThrow(MissingToolchainError);
    expect(() => requireTool('chatplatform-no-such-go', tools)).toThrow(
      /`chatplatform-no-such-go` is not available \(ENOENT\)\. Install Go 1\.21 or newer\. Run `bash scripts\/setup\.sh`/,
    );
  });

  test('fails when the command exists but does not run', () => {
    const tools = { node: { args: ['--no-such-flag-for-node'], install: 'Node.js' } };
    expect(() => requireTool('node', tools)).toThrow(/`node` is not available \(exit 9\)\. Install Node\.js/);
  });

  test('returns the command when it runs', () => {
    expect(requireTool('node', { node: { args: ['--version'], install: 'Node.js' } })).toBe('node');
  });
});

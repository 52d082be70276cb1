// A missing toolchain fails with what to install; nothing passes by skipping.
import { describe, expect, test } from 'vitest';
import { requirePythonModule } from '../../scripts/lib/peers.mjs';
import {
  MissingToolchainError,
  PHP_CLIENT_NEEDS,
  phpLoads,
  RUBY_CLIENT_NEEDS,
  requireTool,
  rubyLoads,
} from '../../scripts/lib/toolchain.mjs';

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
    expect(() => requireTool('node', tools)).toThrow(
      /`node` is not available \(exit 9: .*bad option: --no-such-flag-for-node\)\. Install Node\.js/,
    );
  });

  test('returns the command when it runs', () => {
    expect(requireTool('node', { node: { args: ['--version'], install: 'Node.js' } })).toBe('node');
  });
});

// The Ruby and PHP clients run on libraries Debian installs (their registries are not reachable):
// the interpreter alone is not enough, each library the client loads is checked.
describe('the Ruby and PHP checks', () => {
  const ruby = (needs: Partial<typeof RUBY_CLIENT_NEEDS>) => ({
    ruby: { args: rubyLoads({ ...RUBY_CLIENT_NEEDS, ...needs }), install: 'ruby-typhoeus' },
  });
  const php = (needs: Partial<typeof PHP_CLIENT_NEEDS>) => ({
    php: { args: phpLoads({ ...PHP_CLIENT_NEEDS, ...needs }), install: 'php-guzzlehttp-guzzle' },
  });

  test('pass with what the generated clients load (installed by scripts/setup.sh)', () => {
    expect(requireTool('ruby')).toBe('ruby');
    expect(requireTool('php')).toBe('php');
  });

  test('Ruby without a library the client needs fails, naming it', () => {
    expect(() => requireTool('ruby', ruby({ libraries: ['json', 'chatplatform_no_such_library'] }))).toThrow(
      /`ruby` is not available \(exit 1: missing the Ruby library chatplatform_no_such_library\)\. Install ruby-typhoeus/,
    );
  });

  test('an interpreter older than the client needs fails, naming both versions', () => {
    expect(() => requireTool('ruby', ruby({ minimum: '99.0' }))).toThrow(
      /\(exit 1: Ruby is [\d.]+, older than 99\.0\)/,
    );
    expect(() => requireTool('php', php({ minimum: '99.0' }))).toThrow(/\(exit 1: PHP is [\d.]+, older than 99\.0\)/);
  });

  test('PHP without an autoload file, an extension or a class fails, naming it', () => {
    expect(() => requireTool('php', php({ autoload: ['ChatPlatformNoSuch/autoload.php'] }))).toThrow(
      /\(exit 1: missing the autoload file ChatPlatformNoSuch\/autoload\.php\)\. Install php-guzzlehttp-guzzle/,
    );
    expect(() => requireTool('php', php({ extensions: ['chatplatform_no_such_extension'] }))).toThrow(
      /\(exit 1: missing the PHP extension chatplatform_no_such_extension\)/,
    );
    expect(() => requireTool('php', php({ classes: ['ChatPlatform\\NoSuchClass'] }))).toThrow(
      /\(exit 1: missing the class ChatPlatform\\NoSuchClass\)/,
    );
  });

  test('a missing interpreter fails like any missing tool', () => {
    const tools = { 'chatplatform-no-such-ruby': { args: rubyLoads(RUBY_CLIENT_NEEDS), install: 'Ruby' } };
    expect(() => requireTool('chatplatform-no-such-ruby', tools)).toThrow(MissingToolchainError);
  });
});

// A peer generator installed into the venv (openapi-python-client) that is missing fails with the set-up step.
describe('requirePythonModule', () => {
  test('names the set-up step when the module does not import', () => {
    expect(() => requirePythonModule('python3', 'chatplatform_no_such_generator')).toThrow(MissingToolchainError);
    expect(() => requirePythonModule('python3', 'chatplatform_no_such_generator')).toThrow(
      /chatplatform_no_such_generator is not installed in packages\/sdks\/\.venv\. Run `bash scripts\/setup\.sh`/,
    );
  });

  test('passes when it imports', () => {
    expect(() => requirePythonModule('python3', 'json')).not.toThrow();
  });
});

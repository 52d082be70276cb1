// Finds the toolchains the generated clients need, failing with what to install when one is
// missing: the checks never pass by skipping.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { generatorJar, generatorVersion, venvBin } from './paths.mjs';

const SETUP = 'Run `bash scripts/setup.sh` at the repository root, which installs it';

export class MissingToolchainError extends Error {
  /** @override */
  name = 'MissingToolchainError';
}

/**
 * `ruby -e` that checks the version and loads each library the generated Ruby client needs; it
 * names the first thing missing.
 * @param {{ minimum: string, libraries: string[] }} needs
 * @returns {string[]}
 */
export function rubyLoads({ minimum, libraries }) {
  const version = `if Gem::Version.new(RUBY_VERSION) < Gem::Version.new(${JSON.stringify(minimum)}); warn "Ruby is #{RUBY_VERSION}, older than ${minimum}"; exit 1; end`;
  const load = (/** @type {string} */ library) =>
    `begin; require ${JSON.stringify(library)}; rescue LoadError; warn ${JSON.stringify(`missing the Ruby library ${library}`)}; exit 1; end`;
  return ['-e', [version, ...libraries.map(load)].join('\n')];
}

/** What the generated Ruby client needs: Typhoeus (its default library), JSON, and Ruby 2.7+ syntax. */
export const RUBY_CLIENT_NEEDS = { minimum: '3.0', libraries: ['json', 'typhoeus'] };

/**
 * `php -r` that checks the version, loads the autoload files (from PHP's include path, where Debian
 * installs them) and checks each extension and class the generated PHP client needs; it names the
 * first thing missing.
 * @param {{ minimum: string, autoload: string[], extensions: string[], classes: string[] }} needs
 * @returns {string[]}
 */
export function phpLoads({ minimum, autoload, extensions, classes }) {
  const fail = (/** @type {string} */ what) => `{ fwrite(STDERR, ${JSON.stringify(`missing ${what}`)}); exit(1); }`;
  const script = [
    `if (version_compare(PHP_VERSION, ${JSON.stringify(minimum)}, '<')) { fwrite(STDERR, 'PHP is ' . PHP_VERSION . ', older than ${minimum}'); exit(1); }`,
    ...autoload.map((file) => `if (!(@include_once ${JSON.stringify(file)})) ${fail(`the autoload file ${file}`)}`),
    ...extensions.map((name) => `if (!extension_loaded(${JSON.stringify(name)})) ${fail(`the PHP extension ${name}`)}`),
    ...classes.map((name) => `if (!class_exists(${JSON.stringify(name)})) ${fail(`the class ${name}`)}`),
  ];
  return ['-r', script.join('\n')];
}

/** What the generated PHP client needs (its composer.json): PHP 8.1+, Guzzle 7 with PSR-7, through Debian's autoload files. */
export const PHP_CLIENT_NEEDS = {
  minimum: '8.1',
  autoload: ['GuzzleHttp/autoload.php'],
  extensions: ['curl', 'json', 'mbstring'],
  classes: ['GuzzleHttp\\Client', 'GuzzleHttp\\Psr7\\Request'],
};

const TOOLS = {
  java: { args: ['-version'], install: 'a Java runtime, 11 or newer (Debian: apt-get install default-jdk-headless)' },
  mvn: { args: ['-v'], install: 'Apache Maven (Debian: apt-get install maven)' },
  go: { args: ['version'], install: 'Go 1.21 or newer (Debian: apt-get install golang-go, or https://go.dev/dl)' },
  cargo: { args: ['--version'], install: 'Rust with cargo, 1.80 or newer (https://rustup.rs)' },
  ruby: {
    args: rubyLoads(RUBY_CLIENT_NEEDS),
    install: 'Ruby 3.0 or newer with Typhoeus (Debian: apt-get install ruby ruby-typhoeus)',
  },
  php: {
    args: phpLoads(PHP_CLIENT_NEEDS),
    install:
      'PHP 8.1 or newer with curl, mbstring, Guzzle 7 and PSR-7 (Debian: apt-get install php-cli php-curl php-mbstring php-guzzlehttp-guzzle php-guzzlehttp-psr7)',
  },
  python3: {
    args: ['--version'],
    install: 'Python 3.10 or newer with venv and pip (Debian: apt-get install python3 python3-venv python3-pip)',
  },
};

/**
 * Returns the command after checking it runs; throws MissingToolchainError naming what to install.
 * @param {string} command
 * @param {Record<string, { args: string[], install: string }>} [tools]
 */
export function requireTool(command, tools = TOOLS) {
  const tool = tools[command];
  if (!tool) throw new Error(`Unknown tool "${command}"; known: ${Object.keys(tools).join(', ')}.`);
  const result = spawnSync(command, tool.args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    // The check's first line says what was missing (a library, an extension); it holds no secret.
    const said = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n')[0];
    throw new MissingToolchainError(
      `\`${command}\` is not available (${/** @type {NodeJS.ErrnoException | undefined} */ (result.error)?.code ?? `exit ${result.status}`}${said ? `: ${said}` : ''}). ` +
        `Install ${tool.install}. ${SETUP}.`,
    );
  }
  return command;
}

export function requireGeneratorJar() {
  requireTool('java');
  if (!existsSync(generatorJar)) {
    throw new MissingToolchainError(
      `The OpenAPI Generator JAR ${generatorVersion} is missing at ${generatorJar}. ${SETUP} ` +
        `(it runs \`mvn dependency:copy -Dartifact=org.openapitools:openapi-generator-cli:${generatorVersion}\`).`,
    );
  }
  return generatorJar;
}

/** The package's Python venv (made by the build and by setup.sh) with one of its executables. @param {string} name */
export function requireVenvTool(name) {
  const path = venvBin(name);
  if (!existsSync(path)) {
    throw new MissingToolchainError(
      `${path} is missing: the Python venv of @chatplatform/sdks is not set up. ` +
        'Run `pnpm build` (or `bash scripts/setup.sh`) at the repository root; it needs Python 3.10+ with venv and pip.',
    );
  }
  return path;
}

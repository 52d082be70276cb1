// Builds each generated client with its own toolchain: Python installed into packages/sdks/.venv
// and imported, Go built and vetted, Java compiled with its smoke driver in one Maven reactor, Rust
// and Kotlin compiled together with their smoke drivers
// (smoke/rust with cargo, smoke/kotlin with Maven and the Kotlin Maven plugin). Ruby and PHP have
// nothing to compile and no registry to install from: their clients are loaded where they were
// generated, with Debian's libraries, every file of them, and their drivers syntax-checked.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { mavenEnv } from './lib/jvm.mjs';
import { generatedDir, rubyClientLib, rustDriver, smokeDir, specVersion, venvBin } from './lib/paths.mjs';
import { capture, run } from './lib/run.mjs';
import { requireTool } from './lib/toolchain.mjs';
import { ensureVenv, pipInstall } from './lib/venv.mjs';

/** @param {string} version the spec's, which the installed package must carry */
function buildPython(version) {
  ensureVenv();
  // Runtime dependencies come pinned from requirements.txt (ensureVenv); the build stays offline.
  pipInstall(['--no-deps', '--no-build-isolation', '--force-reinstall', generatedDir('python')]);
  const imported = capture(venvBin('python'), [
    '-c',
    'import chatplatform_client; print(chatplatform_client.__version__)',
  ]);
  if (imported !== version) {
    throw new Error(`chatplatform_client imports as version ${imported}, expected the spec's ${version}.`);
  }
}

function buildGo() {
  const go = requireTool('go');
  run(go, ['build', './...'], { cwd: generatedDir('go') });
  run(go, ['vet', './...'], { cwd: generatedDir('go') });
  // The smoke driver; the test runs it with `go run`, which reuses this build's cache.
  run(go, ['vet', './driver'], { cwd: smokeDir('go') });
}

/** @param {string} version the spec's, the client's artifact version */
function buildJava(version) {
  requireTool('java');
  const mvn = requireTool('mvn');
  // One reactor (smoke/java/reactor/pom.xml): the generated client, then the driver linked against
  // its target/classes; writes smoke/java/target/classpath.txt for the test. Nothing is installed
  // into the Maven repository, so turbo's cache of this package restores all the test needs.
  // `clean`: Maven recompiles only changed sources, and the client may have changed under the driver.
  run(
    mvn,
    [
      '-B',
      '-q',
      '-Dstyle.color=never',
      '-f',
      `${smokeDir('java')}/reactor/pom.xml`,
      'clean',
      'compile',
      `-Dchatplatform.version=${version}`,
    ],
    { env: mavenEnv() },
  );
}

function buildRust() {
  const cargo = requireTool('cargo');
  // --locked: the driver's Cargo.lock pins every crate; the target dir stays for incremental builds.
  run(cargo, ['build', '--locked', '--quiet', '--manifest-path', `${smokeDir('rust')}/Cargo.toml`]);
  // cargo hard-links its binary into target/deps, which turbo cannot restore from its cache: the
  // driver the test runs (and turbo caches) is a plain copy.
  mkdirSync(rustDriver.dir, { recursive: true });
  copyFileSync(join(smokeDir('rust'), 'target', 'debug', 'chatplatform-smoke'), rustDriver.path);
}

function buildKotlin() {
  requireTool('java');
  const mvn = requireTool('mvn');
  // Compiles the generated sources with the driver and writes target/classpath.txt for the test.
  run(mvn, ['-B', '-q', '-Dstyle.color=never', '-f', `${smokeDir('kotlin')}/pom.xml`, 'compile'], { env: mavenEnv() });
}

/**
 * Loads every file of the generated Ruby client (`ruby -I lib`, as the driver runs) and checks its version.
 * @param {string} version
 */
function buildRuby(version) {
  const ruby = requireTool('ruby');
  const lib = rubyClientLib;
  const loaded = capture(ruby, [
    '-I',
    lib,
    '-e',
    'require "chatplatform_client"; Dir[File.join(ARGV[0], "**", "*.rb")].sort.each { |f| require f }; print ChatplatformClient::VERSION',
    lib,
  ]);
  if (loaded !== version) {
    throw new Error(`The Ruby client loads as version ${loaded}, expected the spec's ${version}.`);
  }
  run(ruby, ['-c', join(smokeDir('ruby'), 'smoke_driver.rb')], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Loads every class of the generated PHP client (smoke/php/load_client.php) and checks its version.
 * @param {string} version
 */
function buildPhp(version) {
  const php = requireTool('php');
  const agent = capture(php, [join(smokeDir('php'), 'load_client.php')]);
  if (agent !== `OpenAPI-Generator/${version}/PHP`) {
    throw new Error(`The PHP client's user agent is "${agent}", expected it to carry the spec's version ${version}.`);
  }
  for (const file of ['autoload.php', 'smoke_driver.php']) {
    run(php, ['-l', join(smokeDir('php'), file)], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

const builders = {
  python: buildPython,
  go: buildGo,
  java: buildJava,
  rust: buildRust,
  kotlin: buildKotlin,
  ruby: buildRuby,
  php: buildPhp,
};

/**
 * `node scripts/build.mjs [lang...]`: every language, or only those named.
 * @param {string[]} names
 */
function selected(names) {
  const unknown = names.filter((name) => !(name in builders));
  if (unknown.length > 0)
    throw new Error(`Unknown language ${unknown.join(', ')}; known: ${Object.keys(builders).join(', ')}.`);
  return /** @type {(keyof typeof builders)[]} every name known, checked above */ (
    names.length > 0 ? names : Object.keys(builders)
  );
}

function main() {
  const version = specVersion();
  /** @type {[string, number][]} each language and its milliseconds */
  const timings = [];
  for (const lang of selected(process.argv.slice(2))) {
    const build = builders[lang];
    const start = performance.now();
    build(version);
    timings.push([lang, performance.now() - start]);
  }
  for (const [lang, ms] of timings) console.log(`build ${lang.padEnd(7)} ${(ms / 1000).toFixed(2)} s`);
}

try {
  main();
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}

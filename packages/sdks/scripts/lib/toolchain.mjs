// Finds the toolchains the generated clients need, failing with what to install when one is
// missing: the checks never pass by skipping.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { generatorJar, generatorVersion, venvBin } from './paths.mjs';

const SETUP = 'Run `bash scripts/setup.sh` at the repository root, which installs it';

export class MissingToolchainError extends Error {
  name = 'MissingToolchainError';
}

const TOOLS = {
  java: { args: ['-version'], install: 'a Java runtime, 11 or newer (Debian: apt-get install default-jdk-headless)' },
  mvn: { args: ['-v'], install: 'Apache Maven (Debian: apt-get install maven)' },
  go: { args: ['version'], install: 'Go 1.21 or newer (Debian: apt-get install golang-go, or https://go.dev/dl)' },
  cargo: { args: ['--version'], install: 'Rust with cargo, 1.80 or newer (https://rustup.rs)' },
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
    throw new MissingToolchainError(
      `\`${command}\` is not available (${result.error?.code ?? `exit ${result.status}`}). ` +
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

/** The package's Python venv (made by the build and by setup.sh) with one of its executables. */
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

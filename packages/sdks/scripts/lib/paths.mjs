// Where the package keeps its inputs and outputs, and the bundled spec it generates from.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '@chatplatform/spec';

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** @param {string} lang go, java, kotlin, php, python, ruby or rust */
export const generatedDir = (lang) => join(packageDir, 'generated', lang);
/** @param {string} lang */
export const generatorConfig = (lang) => join(packageDir, 'generator', `${lang}.yaml`);
/** @param {string} lang */
export const generatorTemplates = (lang) => join(packageDir, 'generator', 'templates', lang);
/** @param {string} lang */
export const smokeDir = (lang) => join(packageDir, 'smoke', lang);
export const venvDir = join(packageDir, '.venv');
/** What `ruby -I` needs to load the generated Ruby client (no gem is built or installed). */
export const rubyClientLib = join(generatedDir('ruby'), 'lib');
/** Loads the generated PHP client beside Debian's Guzzle, in place of Composer's vendor/autoload.php. */
export const phpAutoload = join(smokeDir('php'), 'autoload.php');
/** The Rust smoke driver as the build leaves it for the test (a copy of cargo's binary). */
export const rustDriver = {
  dir: join(packageDir, 'smoke', 'rust', 'bin'),
  path: join(packageDir, 'smoke', 'rust', 'bin', 'chatplatform-smoke'),
};
/** @param {string} name */
export const venvBin = (name) => join(venvDir, 'bin', name);
export const requirementsFile = join(packageDir, 'requirements.txt');

const packageJson = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
export const generatorVersion = packageJson.config.openapiGeneratorVersion;
/** scripts/setup.sh copies the pinned JAR here with `mvn dependency:copy`. */
export const generatorJar = join(packageDir, '.tools', `openapi-generator-cli-${generatorVersion}.jar`);

// Where @chatplatform/spec says its bundle is (it names how to build it when missing).
export const bundledSpec = {
  yaml: () => bundledSpecPath('yaml'),
  json: () => bundledSpecPath('json'),
};

/** The bundled spec's info.version: every generated client carries it as its package version. @returns {string} */
export function specVersion() {
  return JSON.parse(readFileSync(bundledSpec.json(), 'utf8')).info.version;
}

/**
 * The JSON bundle of one address (`calls`, `chat`, `management`): that address as its only
 * server and only the operations it serves; `oas` '3.0' for its OpenAPI 3.0.3 companion.
 * @param {'calls' | 'chat' | 'management'} address
 * @param {'3.1' | '3.0'} [oas]
 */
export const addressBundle = (address, /** @type {'3.1' | '3.0'} */ oas = '3.1') =>
  bundledSpecPath('json', { address, openapi: oas });

/**
 * The Go module path of the client released as `version`: the generator's (gitHost/gitUserId/
 * gitRepoId of generator/go.yaml, the generated go.mod's module) with `/vN` at its end from v2 on,
 * as Go requires of a major version. The release writes it into the module's go.mod; the docs'
 * samples import it and their install line gets it.
 * @param {string} [version] the release's version; the bundled spec's info.version by default
 * @returns {string}
 */
export function goModulePath(version = specVersion()) {
  const config = readFileSync(generatorConfig('go'), 'utf8');
  const setting = (/** @type {string} */ name) => {
    const value = new RegExp(`^${name}:\\s*(\\S+)\\s*$`, 'm').exec(config)?.[1];
    if (!value) throw new Error(`${generatorConfig('go')} sets no ${name}: the Go module path is made of it.`);
    return value;
  };
  const major = Number(version.split('.')[0]);
  if (!Number.isInteger(major)) throw new Error(`"${version}" is not a version: the Go module path needs its major.`);
  const base = `${setting('gitHost')}/${setting('gitUserId')}/${setting('gitRepoId')}`;
  return major >= 2 ? `${base}/v${major}` : base;
}

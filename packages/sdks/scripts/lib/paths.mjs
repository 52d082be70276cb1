// Where the package keeps its inputs and outputs, and the bundled spec it generates from.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledSpecPath } from '@chatplatform/spec';

export const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const generatedDir = (lang) => join(packageDir, 'generated', lang);
export const generatorConfig = (lang) => join(packageDir, 'generator', `${lang}.yaml`);
export const generatorTemplates = (lang) => join(packageDir, 'generator', 'templates', lang);
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

/** The bundled spec's info.version: every generated client carries it as its package version. */
export function specVersion() {
  return JSON.parse(readFileSync(bundledSpec.json(), 'utf8')).info.version;
}

/**
 * The JSON bundle of one address (`calls`, `chat`, `management`): that address as its only
 * server and only the operations it serves; `oas` '3.0' for its OpenAPI 3.0.3 companion.
 */
export const addressBundle = (address, /** @type {'3.1' | '3.0'} */ oas = '3.1') =>
  bundledSpecPath('json', { address, openapi: oas });

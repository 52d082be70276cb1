// Generates the Python, Go, Java, Rust, Kotlin, Ruby and PHP clients from the bundled spec with the pinned OpenAPI
// Generator JAR. The generator's own spec validation runs (never --skip-validate-spec), and any
// warning it prints about our spec fails the task.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { describeProblems, problemsIn } from './lib/generator-output.mjs';
import { SHORT_JVM_RUN } from './lib/jvm.mjs';
import { bundledSpec, generatedDir, generatorConfig, generatorTemplates, specVersion } from './lib/paths.mjs';
import { requireGeneratorJar } from './lib/toolchain.mjs';

export const LANGUAGES = ['python', 'go', 'java', 'rust', 'kotlin', 'ruby', 'php'];

// The package version of each client is the spec's info.version, never a second number to keep in step.
/** @type {Record<string, string>} */
const versionProperty = {
  python: 'packageVersion',
  go: 'packageVersion',
  java: 'artifactVersion',
  rust: 'packageVersion',
  kotlin: 'artifactVersion',
  ruby: 'gemVersion',
  php: 'artifactVersion',
};

/**
 * Runs the generator JAR; its stdout and stderr come back as one log.
 * @param {string} jar
 * @param {string[]} args
 */
export function runJar(jar, args) {
  const result = spawnSync('java', [...SHORT_JVM_RUN, '-jar', jar, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/**
 * `validate --recommend`: the generator's validator, recommendations included, must find nothing.
 * @param {string} jar
 * @param {string} spec the bundle's path
 */
export function validateSpec(jar, spec) {
  const { status, output } = runJar(jar, ['validate', '--recommend', '-i', spec]);
  if (status !== 0 || !output.includes('No validation issues detected.')) {
    throw new Error(`OpenAPI Generator's validation reports issues in ${spec}; fix them in spec/:\n${output.trim()}`);
  }
}

/**
 * Generates `lang`'s client from `spec` with this package's settings and templates into `out`
 * (emptied first), failing on any warning about the spec. Exported (`@chatplatform/sdks/generate`)
 * for another spec than the bundle, such as a test's fixture.
 * @param {string} jar the generator JAR (`generatorJar` of `@chatplatform/sdks/paths`)
 * @param {string} spec the OpenAPI file
 * @param {string} lang one of LANGUAGES
 * @param {string} version the clients' package version
 * @param {string} [out] the folder; `generated/<lang>` by default
 */
export function generate(jar, spec, lang, version, out = generatedDir(lang)) {
  rmSync(out, { recursive: true, force: true });
  const { status, output } = runJar(jar, [
    'generate',
    '-g',
    lang,
    '-c',
    generatorConfig(lang),
    '-i',
    spec,
    '-o',
    out,
    `--additional-properties=${versionProperty[lang]}=${version}`,
    // Our smoke tests replace the generated test stubs; Go's would also pull testify into `go vet`.
    '--global-property=apiTests=false,modelTests=false',
    // Template overrides, where a language has them: their reasons are in generator/<lang>.yaml.
    ...(existsSync(generatorTemplates(lang)) ? ['-t', generatorTemplates(lang)] : []),
  ]);
  if (status !== 0) {
    throw new Error(`OpenAPI Generator failed for ${lang} (exit ${status}):\n${output.trim()}`);
  }
  const problems = problemsIn(output, lang);
  if (problems.length > 0) {
    throw new Error(
      `OpenAPI Generator warned about the spec while generating the ${lang} client. ` +
        `Fix the spec (spec/), or, if the line is printed for any document, add it with a reason to ` +
        `KNOWN_GENERATOR_NOISE in scripts/lib/generator-output.mjs:\n${describeProblems(problems)}`,
    );
  }
}

function main() {
  const jar = requireGeneratorJar();
  const spec = bundledSpec.yaml();
  const version = specVersion();
  /** @type {[string, number][]} each step and its milliseconds */
  const timings = [];
  let start = performance.now();
  validateSpec(jar, spec);
  timings.push(['validate', performance.now() - start]);
  const only = process.argv.slice(2);
  const unknown = only.filter((lang) => !LANGUAGES.includes(lang));
  if (unknown.length > 0) throw new Error(`Unknown language ${unknown.join(', ')}; known: ${LANGUAGES.join(', ')}.`);
  for (const lang of only.length > 0 ? only : LANGUAGES) {
    start = performance.now();
    generate(jar, spec, lang, version);
    timings.push([lang, performance.now() - start]);
  }
  for (const [step, ms] of timings) console.log(`generate ${step.padEnd(8)} ${(ms / 1000).toFixed(2)} s`);
  console.log(`Generated the ${(only.length > 0 ? only : LANGUAGES).join(', ')} clients ${version} into generated/.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main();
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}

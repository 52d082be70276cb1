// What each registry would refuse, checked with the ecosystem's own tools where one exists:
// npm pack --dry-run, publint and Are the Types Wrong for the npm tarballs, twine check for the
// Python distributions, Maven Central's required POM elements. (cargo package verifies the crate
// and gem build's warnings fail the gem where they are built.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packageDir } from './lib/context.mjs';
import { venvBin } from './lib/python.mjs';
import { run } from './lib/run.mjs';

/** @typedef {import('./builders/npm.mjs').PackedPackage} PackedPackage */

/**
 * The fields a publishable npm package must have here, and its README's install line.
 * @param {Pick<PackedPackage, 'name' | 'manifest' | 'readme'>} packed
 */
export function manifestProblems({ name, manifest, readme }) {
  /** @type {string[]} */
  const problems = [];
  if (manifest.private) problems.push('is private');
  for (const field of ['license', 'repository', 'files', 'description']) {
    if (!manifest[field]) problems.push(`has no "${field}"`);
  }
  if (!/>=\s*22/.test(manifest.engines?.node ?? ''))
    problems.push(`engines.node is "${manifest.engines?.node}", expected ">=22…"`);
  const firstLines = readme
    .split('\n')
    .filter((/** @type {string} */ line) => line.trim() && !line.startsWith('#') && !line.startsWith('```'));
  if (!firstLines[0]?.includes(`npm i ${name}`))
    problems.push(`README does not start with its install line \`npm i ${name}\``);
  return problems.map((problem) => `${name} ${problem}`);
}

/** @param {PackedPackage} packed */
async function publintProblems(packed) {
  const tarball = readFileSync(packed.file);
  const { messages } = await publint({
    pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
    level: 'warning',
    strict: true,
  });
  return messages.map((message) => `${packed.name} (publint): ${formatMessage(message, packed.manifest)}`);
}

function attwBin() {
  const require = createRequire(join(packageDir, 'package.json'));
  const manifestPath = require.resolve('@arethetypeswrong/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin.attw);
}

/**
 * Are the Types Wrong: the dual client under every resolution, the ESM-only packages as such.
 * @param {PackedPackage} packed
 */
function attwProblems(packed) {
  const profile = packed.manifest.exports?.['.']?.require ? 'node16' : 'esm-only';
  // Only the code's entry points: attw reads a YAML or JSON export (the spec's documents) as a
  // module it cannot resolve.
  const entrypoints = Object.keys(packed.manifest.exports ?? { '.': null }).filter(
    (key) => !/\.(json|ya?ml)$/.test(key),
  );
  try {
    run(process.execPath, [
      attwBin(),
      packed.file,
      '--profile',
      profile,
      '--format',
      'ascii',
      '--entrypoints',
      ...entrypoints,
    ]);
    return [];
  } catch (error) {
    return [`${packed.name} (attw, profile ${profile}): ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** @param {PackedPackage[]} packages */
export async function checkNpm(packages) {
  /** @type {string[]} */
  const problems = [];
  for (const packed of packages) {
    problems.push(...manifestProblems(packed));
    run('npm', ['pack', '--dry-run', '--json', packed.file]);
    problems.push(...(await publintProblems(packed)));
    problems.push(...attwProblems(packed));
  }
  return problems;
}

/**
 * @param {string[]} files
 * @returns {string[]} no problem: twine's refusal throws
 */
export function checkPython(files) {
  run(venvBin('python'), ['-m', 'twine', 'check', '--strict', ...files]);
  return [];
}

/**
 * Maven Central's POM requirements: coordinates, name, description, url, licenses, scm, developers.
 * @param {string} pomFile
 */
export function pomProblems(pomFile) {
  const pom = readFileSync(pomFile, 'utf8');
  const required = ['groupId', 'artifactId', 'version', 'name', 'description', 'url', 'licenses', 'scm', 'developers'];
  const problems = required.filter((tag) => !new RegExp(`<${tag}>\\s*\\S[\\s\\S]*?</${tag}>`).test(pom));
  for (const [block, inner] of [
    ['license', 'name'],
    ['scm', 'url'],
    ['developer', 'name'],
  ]) {
    const found = new RegExp(`<${block}>([\\s\\S]*?)</${block}>`).exec(pom)?.[1] ?? '';
    if (!new RegExp(`<${inner}>\\s*\\S`).test(found)) problems.push(`${block}/${inner}`);
  }
  if (/openapi-generator|openapitools|Unlicense/i.test(pom.split('<build>')[0] ?? '')) {
    problems.push("the generator's own url, license or developers");
  }
  return problems.map((problem) => `${pomFile}: missing or wrong ${problem}`);
}

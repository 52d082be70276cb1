// Builds every artifact of the spec's version into the release folder, checks each with its
// registry's rules, then writes the checksums. The folder is emptied first: it holds one version.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildBundleArchive } from './builders/bundles.mjs';
import { buildGo } from './builders/go.mjs';
import { buildJava, buildKotlin } from './builders/maven.mjs';
import { buildNpm } from './builders/npm.mjs';
import { buildPhp } from './builders/php.mjs';
import { buildPython } from './builders/python.mjs';
import { buildRuby } from './builders/ruby.mjs';
import { buildRust } from './builders/rust.mjs';
import { checkNpm, checkPython, pomProblems } from './checks.mjs';
import { writeChecksums } from './checksums.mjs';
import { ensureDir, releaseContext } from './lib/context.mjs';

/** @typedef {Array<[label: string, ms: number]>} Timings */

/**
 * @template T
 * @param {string} label
 * @param {Timings} timings
 * @param {() => T | Promise<T>} step
 * @returns {Promise<T>}
 */
async function timed(label, timings, step) {
  const start = performance.now();
  const result = await step();
  timings.push([label, performance.now() - start]);
  return result;
}

/**
 * Every artifact, checked; throws with every registry problem found.
 * @param {import('./lib/context.mjs').ReleaseContext} [context]
 * @param {{ check?: boolean }} [options] `check: false` writes the same files without running the
 *   registries' tools on them (npm's, publint, attw, twine, cargo's verification build): for a
 *   build whose bytes are compared with a checked one's (test/e2e/reproducible.test.ts)
 */
export async function buildRelease(context = releaseContext(), { check = true } = {}) {
  rmSync(context.out, { recursive: true, force: true });
  ensureDir(context.out);
  /** @type {Timings} */
  const timings = [];
  /** @type {string[]} */
  const problems = [];
  const npm = await timed('npm', timings, () => buildNpm(context));
  if (check) problems.push(...(await timed('npm checks', timings, () => checkNpm(npm))));
  await timed('spec and docs', timings, () => buildBundleArchive(context));
  const python = await timed('python', timings, () => buildPython(context));
  if (check) problems.push(...checkPython(python.filter((file) => /\.(whl|tar\.gz)$/.test(file))));
  await timed('go', timings, () => buildGo(context));
  for (const [label, build] of /** @type {const} */ ([
    ['java', buildJava],
    ['kotlin', buildKotlin],
  ])) {
    const dir = await timed(label, timings, () => build(context));
    problems.push(
      ...pomProblems(
        join(dir, `${label === 'java' ? 'chatplatform-client' : 'chatplatform-kotlin-client'}-${context.version}.pom`),
      ),
    );
  }
  await timed('rust', timings, () => buildRust(context, { verify: check }));
  await timed('ruby', timings, () => buildRuby(context));
  await timed('php', timings, () => buildPhp(context));
  if (problems.length > 0) {
    throw new Error(
      `A registry would refuse these artifacts:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  const count = writeChecksums(context.out);
  for (const [label, ms] of timings) console.log(`release ${label.padEnd(14)} ${(ms / 1000).toFixed(1)} s`);
  console.log(`Built ${count} files of release ${context.version} into ${context.out} (checksums: SHA256SUMS).`);
  return context;
}

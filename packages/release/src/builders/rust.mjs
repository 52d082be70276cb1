// The Rust client as crates.io takes it: `cargo package`, which also verifies the crate by building
// it from the packed files alone (its dependencies from crates.io, at the versions cargo/Cargo.lock
// pins). The staged Cargo.toml names the
// code's license, the repository and a one-line description (the generator copies the spec's
// whole info.description, and its license, which is the spec's).
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDir, packageDir, scratch } from '../lib/context.mjs';
import { run } from '../lib/run.mjs';
import { editFile, stageClient } from '../lib/stage.mjs';

/** @type {(text: string) => string} */
const toml = (text) => JSON.stringify(text);

/**
 * cargo's environment for the verification build, and for any build meant to reuse what it
 * compiled (the install test's): the commit's time, which the `cc` crate's build scripts read
 * (a different value rebuilds openssl and everything above it), and no debug info, which a build
 * that is only checked, never debugged, does not need (a fifth of a cold build's CPU).
 * @param {import('../lib/context.mjs').ReleaseContext} context
 * @returns {NodeJS.ProcessEnv}
 */
export function cargoEnv(context) {
  return { ...process.env, SOURCE_DATE_EPOCH: String(context.epoch), CARGO_PROFILE_DEV_DEBUG: 'false' };
}

/**
 * @param {import('../lib/context.mjs').ReleaseContext} context
 * @param {{ verify?: boolean }} [options] `verify: false` skips the verification build (the
 *   .crate is written before it, the same bytes either way)
 */
export function buildRust(context, { verify = true } = {}) {
  const work = scratch('rust');
  try {
    const dir = stageClient('rust', join(work.dir, 'crate'), ['Cargo.toml', 'README.md', 'src']);
    editFile(join(dir, 'Cargo.toml'), [
      [/^authors = .*$/m, `authors = [${toml(context.author)}]`],
      [
        /^description = ".*"$/m,
        `description = ${toml(`Rust client of the ${context.spec.info.title}, generated from its OpenAPI description.`)}`,
      ],
      [/^license = .*$/m, `license = ${toml(context.codeLicense)}\nrepository = ${toml(context.repository)}`],
    ]);
    // The crate's Cargo.lock pins what the verification build resolves from crates.io (cargo keeps
    // every locked version and adds what is missing), so that two runs write the same .crate.
    copyFileSync(join(packageDir, 'cargo', 'Cargo.lock'), join(dir, 'Cargo.lock'));
    // One target directory kept between runs, so the verification build compiles the
    // dependencies once (gitignored).
    const targetDir = join(packageDir, '.cargo-target');
    run(
      'cargo',
      [
        ...['package', '--quiet', '--allow-dirty', ...(verify ? [] : ['--no-verify'])],
        ...['--manifest-path', join(dir, 'Cargo.toml'), '--target-dir', targetDir],
      ],
      { env: cargoEnv(context) },
    );
    const packaged = join(targetDir, 'package');
    const crate = readdirSync(packaged).find((name) => name === `chatplatform-client-${context.version}.crate`);
    if (!crate) throw new Error(`cargo package wrote no chatplatform-client-${context.version}.crate into ${packaged}`);
    const out = ensureDir(join(context.out, 'rust'));
    copyFileSync(join(packaged, crate), join(out, crate));
    return join(out, crate);
  } finally {
    work.cleanup();
  }
}

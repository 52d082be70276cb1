// `pnpm lint:spectral`: Spectral's spectral:oas (.spectral.yaml) on the bundle of the `main` API of
// the redocly.yaml in the working directory, failing on warnings too. The bundle goes through a
// file in a temporary folder, never a pipe: Spectral 6 reading stdin dies with `EAGAIN: resource
// temporarily unavailable, read` once the input passes the 64 KiB pipe buffer.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A command of this package's node_modules/.bin, or an error saying how to install it. @param {string} name */
function bin(name) {
  const path = fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`pnpm install\` at the repository root.`);
  return path;
}

const work = mkdtempSync(join(tmpdir(), 'spec-lint-spectral-'));
const bundle = join(work, 'openapi.bundled.yaml');
try {
  execFileSync(bin('redocly'), ['bundle', 'main', '--output', bundle], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync(bin('spectral'), ['lint', bundle, '--ruleset', '.spectral.yaml', '--fail-severity=warn'], {
    stdio: 'inherit',
  });
} catch (thrown) {
  // execFileSync's error: the exit status when the command ran, else why it could not start.
  const error = /** @type {{ status?: number | null, message?: unknown }} */ (thrown);
  // The command printed why (Spectral its findings, Redocly its error); exit with its status.
  process.exitCode = typeof error.status === 'number' && error.status !== 0 ? error.status : 2;
  if (error.status === undefined || error.status === null) console.error(String(error.message));
} finally {
  rmSync(work, { recursive: true, force: true });
}

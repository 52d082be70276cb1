import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The bundled spec is older than a file it is built from. */
export class StaleBundleError extends Error {}

/**
 * What the spec package's bundle is not built from (its outputs, tests and installed modules, and
 * the bundles `pnpm release` keeps in releases/, each a copy of an earlier bundle).
 */
const NOT_SOURCES = new Set(['dist', 'test', 'node_modules', 'artifacts', 'releases']);

// Runs Redocly directly, so the bundle is always rewritten (a turbo cache hit might leave its old timestamp).
export const REBUILD_COMMAND = 'pnpm --filter @chatplatform/spec run bundle';

/**
 * Refuses a bundle older than its newest source file in `sourcesDir` (the spec package: the
 * documents, redocly.yaml and the plugins its bundle step runs), naming that file and how to rebuild.
 */
export function assertBundleFresh(bundle: string, sourcesDir: string): void {
  const built = statSync(bundle).mtimeMs;
  const newest = newestFile(sourcesDir);
  if (newest && newest.mtimeMs > built) {
    throw new StaleBundleError(
      `the bundled spec ${bundle} is older than its source ${relative(sourcesDir, newest.path)} ` +
        `(changed ${new Date(newest.mtimeMs).toISOString()}, bundle built ${new Date(built).toISOString()}): ` +
        `rebuild it with \`${REBUILD_COMMAND}\`, then run again`,
    );
  }
}

function newestFile(dir: string, top = true): { path: string; mtimeMs: number } | undefined {
  let newest: { path: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || (top && NOT_SOURCES.has(entry.name))) continue;
    const path = join(dir, entry.name);
    const found = entry.isDirectory()
      ? newestFile(path, false)
      : entry.isFile()
        ? { path, mtimeMs: statSync(path).mtimeMs }
        : undefined;
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

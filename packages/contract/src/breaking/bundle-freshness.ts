import { BUNDLE_COMMAND, newerSource } from '@chatplatform/spec';
import { StaleBundleError } from '../errors.js';

// The spec package's bundle step runs Redocly directly, so the bundle is always rewritten (a turbo
// cache hit might leave its old timestamp).
export const REBUILD_COMMAND = BUNDLE_COMMAND;

/**
 * Refuses a bundle older than its newest source file (the spec package says which files those
 * are: its documents, redocly.yaml and the scripts its bundle step runs), naming that file and how
 * to rebuild. `sourcesDir`: the spec package's directory unless given.
 */
export function assertBundleFresh(bundle: string, sourcesDir?: string): void {
  const newer = newerSource(bundle, sourcesDir);
  if (!newer) return;
  throw new StaleBundleError(
    `the bundled spec ${bundle} is older than its source ${newer.path} ` +
      `(changed ${new Date(newer.mtimeMs).toISOString()}): rebuild it with \`${REBUILD_COMMAND}\`, then run again`,
  );
}

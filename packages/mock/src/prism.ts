import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * Path of the bundled spec published by `@chatplatform/spec`, whether or not it is built yet:
 * resolving the export itself would fail with a bare "Cannot find module" before the spec is
 * bundled, where startMock() can say how to build it.
 */
export function bundledSpecPath(): string {
  const manifestPath = require.resolve('@chatplatform/spec/package.json');
  const manifest = require(manifestPath) as { exports: Record<string, string> };
  return join(dirname(manifestPath), manifest.exports['./openapi.yaml']!);
}

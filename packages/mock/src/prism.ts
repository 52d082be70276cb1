import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Path of the Prism CLI script pinned in this package's dependencies. */
export function prismBin(): string {
  const manifestPath = require.resolve('@stoplight/prism-cli/package.json');
  const manifest = require(manifestPath) as { bin: { prism: string } };
  return join(dirname(manifestPath), manifest.bin.prism);
}

/** Path of the bundled spec published by `@chatplatform/spec`. */
export function bundledSpecPath(): string {
  return require.resolve('@chatplatform/spec/openapi.yaml');
}

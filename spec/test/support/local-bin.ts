// A command installed in a package's node_modules/.bin, or an error saying how to install it.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function localBin(dir: string, name: string, pkg: string): string {
  const path = join(dir, 'node_modules/.bin', name);
  if (!existsSync(path))
    throw new Error(`${path} is missing: run \`pnpm install\` at the repository root to install ${pkg}.`);
  return path;
}

// The docs tests use the mock and the client of this workspace. Both packages depend on the spec,
// so the spec cannot declare them as dependencies (a package cycle, which turbo refuses); they are
// loaded from their built entry points instead, and turbo.json makes the spec's test task wait
// for their builds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './docs-support.js';

interface Manifest {
  name: string;
  exports?: Record<string, unknown>;
}

function builtEntry(packageDir: string, condition: 'import' | 'types'): string {
  const dir = join(repoRoot, packageDir);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  const root = manifest.exports?.['.'] as Record<string, unknown> | undefined;
  const esm = (root?.import ?? root) as Record<string, string> | undefined;
  const relative = condition === 'types' ? esm?.types : esm?.default;
  if (!relative) throw new Error(`${manifest.name} (${packageDir}) has no exports["."] ${condition} entry.`);
  const file = join(dir, relative);
  if (!existsSync(file)) {
    throw new Error(`${manifest.name} is not built (${file} is missing): run \`pnpm build\` at the repository root.`);
  }
  return file;
}

export interface Mock {
  url: string;
  stop(): Promise<void>;
}

export async function startWorkspaceMock(): Promise<Mock> {
  const { startMock } = (await import(pathToFileURL(builtEntry('packages/mock', 'import')).href)) as {
    startMock(options?: { spec?: string }): Promise<Mock>;
  };
  return startMock({ spec: join(repoRoot, 'spec/dist/openapi.yaml') });
}

/** ESM entry and declarations of the built @chatplatform/client. */
export function clientEntry(): { module: string; types: string } {
  return { module: builtEntry('packages/client', 'import'), types: builtEntry('packages/client', 'types') };
}

// The docs tests use the mock and the client of this workspace. Both packages depend on the spec,
// so the spec cannot declare them as dependencies (a package cycle, which turbo refuses); they are
// loaded from their built entry points instead, and turbo.json makes the spec's test task wait
// for their builds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtEntry, repoRoot } from '../scripts/workspace-entry.mjs';

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

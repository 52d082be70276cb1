import { type Mock, startMock } from '@chatplatform/mock';
import { readBundledSpec } from '@chatplatform/spec';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Prism serving the spec's examples: the base URL of the Chat and Calls servers (`…/v3`). */
    mockUrl: string;
    /** Prism generating responses from the schemas, with a fixed seed. */
    dynamicMockUrl: string;
    /** The static mock's base URL of the management server (no `/v3`). */
    managementMockUrl: string;
  }
}

const DYNAMIC_SEED = 20261122;

export default async function setup(project: TestProject) {
  const mocks: Mock[] = [];
  const stop = () => Promise.all(mocks.map((m) => m.stop()));
  try {
    mocks.push(await startMock());
    mocks.push(await startMock({ dynamic: true, seed: DYNAMIC_SEED }));
  } catch (error) {
    await stop();
    throw error;
  }
  // The mock answers production paths: the client's base URL keeps the servers' `/v3`.
  const { paths } = readBundledSpec() as { paths: Record<string, { servers: Array<{ url: string }> }> };
  project.provide('mockUrl', mocks[0]!.serverUrl(paths['/calls/{sessionId}']!.servers[0]!));
  project.provide('dynamicMockUrl', mocks[1]!.serverUrl(paths['/calls/{sessionId}']!.servers[0]!));
  project.provide('managementMockUrl', mocks[0]!.serverUrl(paths['/apps']!.servers[0]!));
  return stop;
}

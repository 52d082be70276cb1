import { type Mock, startMock } from '@chatplatform/mock';
import { readBundledSpec } from '@chatplatform/spec';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Prism serving the spec's examples, on production paths: its origin, the client's baseUrl. */
    mockUrl: string;
    /** Prism generating responses from the schemas, with a fixed seed: its origin. */
    dynamicMockUrl: string;
    /** The static mock's URL of the chat server (`…/v3`), for tools that take a server URL. */
    mockChatServerUrl: string;
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
  // The mock answers production paths: the client's baseUrl is its origin, each server keeps its path.
  const { servers } = readBundledSpec() as { servers: Array<{ url: string }> };
  project.provide('mockUrl', mocks[0]!.url);
  project.provide('dynamicMockUrl', mocks[1]!.url);
  project.provide('mockChatServerUrl', mocks[0]!.serverUrl(servers[0]!));
  return stop;
}

import { readBundledSpec } from '@chatplatform/spec';
import type { TestProject } from 'vitest/node';
import { type Mock, startMock } from '../../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The static mock (examples). */
    mockUrl: string;
    /** The static mock's URL of the chat server (`…/v3`), for tools that take a server URL. */
    mockChatServerUrl: string;
    /** Dynamic mocks by seed. */
    dynamicMockUrls: Record<string, string>;
  }
}

export const SEEDS = ['1', '7', '20261122'];

/** Starts the mocks the tests share once per run: Prism in-process, one per mode and seed. */
export default async function setup(project: TestProject) {
  const mocks: Mock[] = [];
  const stop = () => Promise.all(mocks.map((m) => m.stop()));
  try {
    mocks.push(await startMock());
    for (const seed of SEEDS) mocks.push(await startMock({ dynamic: true, seed }));
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('mockUrl', mocks[0]!.url);
  const { servers } = readBundledSpec() as { servers: Array<{ url: string }> };
  project.provide('mockChatServerUrl', mocks[0]!.serverUrl(servers[0]!));
  project.provide('dynamicMockUrls', Object.fromEntries(SEEDS.map((seed, i) => [seed, mocks[i + 1]!.url])));
  return stop;
}

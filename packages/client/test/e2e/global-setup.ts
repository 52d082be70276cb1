import { type Mock, startMock } from '@chatplatform/mock';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Prism serving the spec's examples, on production paths: its origin, the client's baseUrl. */
    mockUrl: string;
    /** Prism generating responses from the schemas, with a fixed seed: its origin. */
    dynamicMockUrl: string;
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
  project.provide('mockUrl', mocks[0]!.url);
  project.provide('dynamicMockUrl', mocks[1]!.url);
  return stop;
}

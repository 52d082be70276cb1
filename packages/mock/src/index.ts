import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bundledSpecPath } from '@chatplatform/spec';
import { createLogger } from '@stoplight/prism-core';
import type { IHttpConfig } from '@stoplight/prism-http';
import type { IHttpOperation } from '@stoplight/types';
import { createMockHandler, type MockHandler } from './handler.js';
import { cachedOperations, httpOperations } from './operations.js';
import { checkedPort, checkedSeed, MockStartError } from './options.js';
import { serverBasePath } from './prepare.js';

export { foldServerPaths } from './prepare.js';

export interface MockOptions {
  /** Port on 127.0.0.1 (a number or its decimal string); the OS picks a free one when omitted or 0. */
  port?: number | string;
  /** Generate responses from the schemas (json-schema-faker) instead of serving the examples. */
  dynamic?: boolean;
  /** Seed for dynamic responses, so that a run is repeatable: an integer (or its decimal string). */
  seed?: number | string;
  /** Turn request violations into error responses (Prism's `--errors`). */
  errors?: boolean;
  /** OpenAPI document to serve (YAML or JSON); defaults to the bundled spec of `@chatplatform/spec`. */
  spec?: string;
}

export interface Mock {
  /** Origin of the mock (`http://127.0.0.1:PORT`). Paths are the production ones: `/v3/calls/{id}`. */
  url: string;
  port: number;
  /** The mock's equivalent of a production URL: same path and query, the mock's origin. */
  urlFor(productionUrl: string | URL): string;
  /** The mock's equivalent of a spec server (`https://{appId}.api-{region}.{serviceDomain}/v3`). */
  serverUrl(server: string | { url: string }): string;
  /**
   * Answers a request in this process as the mock does on its port: for a server of your own (a
   * docs server, a recorder) that hands it production paths. No relay, no second hop.
   */
  handle: MockHandler;
  stop(): Promise<void>;
}

export { MockOptionError, MockStartError } from './options.js';

/** The bundle of `@chatplatform/spec`; its error already says how to build it. */
function defaultSpec(): string {
  try {
    return bundledSpecPath('json');
  } catch (error) {
    throw new MockStartError((error as Error).message);
  }
}

/** Starts Prism in this process on a loopback port; resolves once it accepts connections. */
export async function startMock(options: MockOptions = {}): Promise<Mock> {
  const spec = options.spec ?? defaultSpec();
  if (!existsSync(spec)) {
    throw new MockStartError(
      `The spec to mock was not found at ${spec}. Build it first: \`pnpm build\` at the repository root ` +
        '(or `pnpm --filter @chatplatform/spec bundle`).',
    );
  }
  const seed = checkedSeed(options.seed);
  const requested = checkedPort(options.port) ?? 0;
  const operations = await loadOperations(spec);
  const logger = createLogger('mock', { level: 'silent' });
  const handle = createMockHandler(operations, prismConfig(options, seed), logger);
  const server = http.createServer(handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(requested, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    throw new MockStartError(listenFailure(requested, error));
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return mockHandle(url, handle, close);
}

/** Operations by spec file and modification time: a second mock of the same spec starts in ms. */
const operationsCache = new Map<string, Promise<IHttpOperation[]>>();

function loadOperations(spec: string): Promise<IHttpOperation[]> {
  const key = `${spec}@${statSync(spec).mtimeMs}`;
  let operations = operationsCache.get(key);
  if (!operations) {
    operations = readOperations(spec);
    operationsCache.set(key, operations);
    operations.catch(() => operationsCache.delete(key));
  }
  return operations;
}

/** The build's operations when the spec is the one they were made from, else the spec read and dereferenced. */
async function readOperations(spec: string): Promise<IHttpOperation[]> {
  try {
    const text = await readFile(spec, 'utf8');
    return (await cachedOperations(text)) ?? (await httpOperations(spec, text));
  } catch (error) {
    throw new MockStartError(`Prism could not read ${spec} as an OpenAPI document: ${(error as Error).message}`);
  }
}

function prismConfig(options: MockOptions, seed: string | undefined): IHttpConfig {
  return {
    mock: { dynamic: options.dynamic ?? false, seed },
    checkSecurity: true,
    validateRequest: true,
    // Prism checking its own answers against the spec: the spec's lint checks every example, and
    // test/responses.test.ts the generated bodies, so only `errors` (violations become errors) needs
    // it. Off, the cold first answer skips compiling the response schemas (README, start bench).
    validateResponse: options.errors ?? false,
    errors: options.errors ?? false,
    upstreamProxy: undefined,
    isProxy: false,
  };
}

/** The front's listen error (`listen EADDRINUSE: …`), said with what to do. */
function listenFailure(port: number, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (reason.includes('EADDRINUSE')) {
    return (
      `Port ${port} on 127.0.0.1 is already in use. Stop what listens there, pick another port ` +
      '(--port N, or the `port` option), or pass 0 for a free one.'
    );
  }
  return `The mock could not listen on 127.0.0.1:${port}: ${reason}`;
}

function mockHandle(url: string, handle: MockHandler, close: () => Promise<void>): Mock {
  let stopped: Promise<void> | undefined;
  return {
    url,
    port: Number(new URL(url).port),
    handle,
    urlFor(productionUrl) {
      const { pathname, search } = new URL(productionUrl);
      return url + pathname + search;
    },
    serverUrl(server) {
      const template = typeof server === 'string' ? server : server.url;
      return url + serverBasePath(template);
    },
    stop() {
      stopped ??= close();
      return stopped;
    },
  };
}

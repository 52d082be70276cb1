// Every code sample of the docs (x-codeSamples in the bundled spec) runs against the Prism mock,
// so that no sample a reader copies can be wrong.

import { type Mock, startMock } from '@chatplatform/mock';
import { operationsOf } from '@chatplatform/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrlWithDefaults } from '../../scripts/code-samples/operation-model.js';
import { bundledSpec, deref, renderedSpec } from '../support/docs.js';
import { runCurlSample, runTypeScriptSample, typecheckTypeScriptSamples } from '../support/sample-runners.js';
import { compilePython, sdkRunners } from '../support/sdk-sample-runners.js';

const spec = renderedSpec();
/** The published bundle: its security scheme keys, which the samples' clients name their settings after. */
const published = bundledSpec();

interface Sample {
  lang: string;
  label: string;
  source: string;
}
interface Operation {
  id: string;
  serverUrl: string;
  samples: Sample[];
  operation: any;
}

const operations: Operation[] = operationsOf(spec).map(({ pathItem, operation }) => {
  const server = (operation.servers ?? pathItem.servers ?? spec.servers)[0];
  return {
    id: operation.operationId,
    serverUrl: serverUrlWithDefaults(server),
    samples: operation['x-codeSamples'] ?? [],
    operation,
  };
});
/** The clients packages/sdks generates, builds and smoke-tests (its README's matrix), in the page's order. */
const SDK_LANGUAGES = ['Python', 'Go', 'Java', 'Rust', 'Kotlin', 'Ruby', 'PHP'];

/** Where the published bundle has an operation. */
const locate = (operationId: string) => {
  const found = operationsOf(published).find(({ operation }) => operation.operationId === operationId);
  if (!found) throw new Error(`${operationId} is not in the published bundle`);
  return { path: found.path, method: found.method };
};

const sample = (op: Operation, label: string) => {
  const found = op.samples.find((s) => s.label === label);
  if (!found) throw new Error(`${op.id} has no ${label} sample`);
  return found.source;
};

// Test values of the credentials the samples read from the environment.
const credentials = {
  CHATPLATFORM_API_KEY: 'docs-test-api-key',
  CHATPLATFORM_MANAGEMENT_KEY: 'docs-test-management-key',
  CHATPLATFORM_MANAGEMENT_SECRET: 'docs-test-management-secret',
};

const getCall = operations.find((op) => op.id === 'get-call')!;
const observedCall = () => {
  const examples = getCall.operation.responses['200'].content['application/json'].examples;
  return deref(spec, Object.values<any>(examples)[0]).value;
};

let mock: Mock;
/** The mock's equivalent of a server URL: only the origin is swapped (no trailing slash, as in the spec). */
const onMock = (serverUrl: string) => mock.urlFor(serverUrl).replace(/\/$/, '');
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock?.stop();
});

describe('code samples in the bundled spec', () => {
  it('every operation has a curl, a TypeScript and a sample for each client CI builds', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
    for (const op of operations) {
      expect(
        op.samples.map((s) => s.label),
        op.id,
      ).toEqual(['curl', 'TypeScript', ...SDK_LANGUAGES]);
      for (const s of op.samples) expect(s.source.trim(), `${op.id} ${s.label}`).not.toBe('');
    }
  });

  it('read credentials from the environment and never contain a key', () => {
    for (const op of operations) {
      const { path, method } = locate(op.id);
      const security = published.paths[path][method].security ?? published.security;
      const needsApiKey = security.some((req: object) => 'apiKey' in req);
      for (const s of op.samples) {
        if (needsApiKey) expect(s.source, `${op.id} ${s.label}`).toContain('CHATPLATFORM_API_KEY');
        else
          expect(s.source, `${op.id} ${s.label}`).toMatch(
            /CHATPLATFORM_MANAGEMENT_KEY[\s\S]*CHATPLATFORM_MANAGEMENT_SECRET/,
          );
        for (const value of Object.values(credentials)) expect(s.source).not.toContain(value);
      }
    }
  });
});

describe('curl samples, against the mock', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s succeeds', async (_, op) => {
    const result = await runCurlSample(sample(op, 'curl'), op.serverUrl, onMock(op.serverUrl), credentials);
    expect(result.status, result.stderr).toBe(0);
    expect(result.httpStatus, result.body).toBeGreaterThanOrEqual(200);
    expect(result.httpStatus, result.body).toBeLessThan(300);
  });

  it('get-call returns the observed call record', async () => {
    const result = await runCurlSample(
      sample(getCall, 'curl'),
      getCall.serverUrl,
      onMock(getCall.serverUrl),
      credentials,
    );
    expect(JSON.parse(result.body)).toEqual(observedCall());
  });

  it('get-call without the API key in the environment is refused (the sample really sends it)', async () => {
    const result = await runCurlSample(sample(getCall, 'curl'), getCall.serverUrl, onMock(getCall.serverUrl), {});
    expect(result.httpStatus).toBe(401);
  });
});

describe('TypeScript samples, with the built @chatplatform/client against the mock', () => {
  it('type-check against the client', () => {
    const sources = Object.fromEntries(operations.map((op) => [op.id, sample(op, 'TypeScript')]));
    expect(typecheckTypeScriptSamples(sources)).toEqual([]);
  });

  it.each(operations.map((op) => [op.id, op] as const))('%s succeeds', async (_, op) => {
    // The client's baseUrl is the mock's origin: it keeps each server's path (/v3) itself.
    const result = await runTypeScriptSample(op.id, sample(op, 'TypeScript'), mock.url, credentials);
    expect(result.status, result.stderr).toBe(0);
  });

  it('get-call prints the observed call record', async () => {
    const result = await runTypeScriptSample('get-call', sample(getCall, 'TypeScript'), mock.url, credentials);
    expect(result.stdout).toContain(observedCall().data[0].sessionId);
  });
});

/**
 * A bound on a hang, not a speed goal, for a language's compile of every sample: ten minutes (a
 * cold compile: crates, the Kotlin compiler), and 2 s more per operation (Rust links a binary per
 * sample: its 500 took more than ten minutes at 500 operations).
 */
const COMPILE_BOUND_MS = 600_000 + operations.length * 2_000;

/** Python's runner beside the compiled languages': every sample of a language in one interpreter. */
const runners = { Python: compilePython, ...sdkRunners };

describe.each(Object.keys(runners))('%s samples, with the generated client, against the mock', (label) => {
  let compiled: Awaited<ReturnType<(typeof sdkRunners)[string]>>;
  beforeAll(async () => {
    const sources = Object.fromEntries(
      operations.map((op) => {
        const source = sample(op, label);
        // The server URL is what the reader's settings rewrite; the mock takes its place here.
        if (!source.includes(op.serverUrl))
          throw new Error(`${op.id}'s ${label} sample does not address ${op.serverUrl}`);
        return [op.id, source.replaceAll(op.serverUrl, onMock(op.serverUrl))];
      }),
    );
    compiled = await runners[label as keyof typeof runners]!(sources);
  }, COMPILE_BOUND_MS);
  afterAll(() => compiled?.close());

  it('covers every language CI builds', () => {
    expect(Object.keys(runners)).toEqual(SDK_LANGUAGES);
  });

  it.each(operations.map((op) => [op.id, op] as const))('%s succeeds', async (_, op) => {
    const result = await compiled.run(op.id, credentials);
    expect(result.status, result.stderr).toBe(0);
  });

  it('get-call prints the observed call record', async () => {
    const result = await compiled.run('get-call', credentials);
    expect(result.stdout).toContain(observedCall().data[0].sessionId);
  });

  it('get-call without the API key in the environment fails (the sample really sends it)', async () => {
    const result = await compiled.run('get-call', {});
    expect(result.status).not.toBe(0);
  });
});

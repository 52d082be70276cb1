// The package's build leaves Prism's operations of the published bundle in dist/operations.json,
// keyed by the bundle's bytes and Prism's version (src/operations.ts): a start skips reading and
// dereferencing the spec, and a spec of other bytes is never answered from that file.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledSpecPath } from '@chatplatform/spec';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../src/index.js';
import { cachedOperations, httpOperations } from '../../src/operations.js';

const specFile = bundledSpecPath('json');
const specText = await readFile(specFile, 'utf8');

describe('the operations the build cached', () => {
  it('are what Prism makes of the published bundle, found by its bytes', async () => {
    const cached = await cachedOperations(specText);
    expect(cached, 'dist/operations.json is missing or stale: run `pnpm build`').toBeDefined();
    expect(cached).toEqual(JSON.parse(JSON.stringify(await httpOperations(specFile, specText))));
  });

  it('are not given for the same document in other bytes', async () => {
    expect(await cachedOperations(`${specText}\n`)).toBeUndefined();
  });

  it('do not answer for a changed spec: its mock serves the change', async () => {
    const changed = JSON.parse(specText);
    changed.components.examples.CallInitiated.value.data[0].sessionId = 'changed-since-the-build';
    const file = join(await mkdtemp(join(tmpdir(), 'mock-cache-')), 'changed.json');
    await writeFile(file, JSON.stringify(changed));
    const mock = await startMock({ spec: file });
    try {
      const res = await fetch(`${mock.url}/v3/calls/any`, { headers: { apikey: 'test' } });
      expect((await res.json()).data[0].sessionId).toBe('changed-since-the-build');
    } finally {
      await mock.stop();
    }
  });
});

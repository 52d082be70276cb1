// The built entry points, loaded the way users load them: ESM `import` and CJS `require` through
// the package's "exports". A build can break in ways no type check sees (a CJS interop of a bundled
// default export once did), so only a real call through each build proves it. Then the size of the
// built entry, and that no openapi-fetch runtime is in it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { bundleSize, SIZE_CEILING } from '../bench/size.mjs';
import { mockBaseUrl } from './helpers.js';

const require = createRequire(import.meta.url);
const dist = new URL('../dist/', import.meta.url);

function assertBuilt() {
  for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
    if (!existsSync(new URL(file, dist))) {
      throw new Error(
        `dist/${file} is missing: build the package first (pnpm turbo run build --filter=@chatplatform/client)`,
      );
    }
  }
}

type Entry = typeof import('../src/index.js');

async function callWith(entry: Entry) {
  const client = entry.createClient({ appId: 'app1', region: 'us', apiKey: 'k', baseUrl: mockBaseUrl(), env: {} });
  const body = await client.calls.get('any-session');
  const error = await client.calls.get('any-session', { headers: { Prefer: 'code=400' } }).catch((e: unknown) => e);
  return { body, error };
}

describe('built entry points', () => {
  test('ESM: import resolves dist/index.js and makes a real call', async () => {
    assertBuilt();
    expect(import.meta.resolve('@chatplatform/client')).toBe(new URL('index.js', dist).href);
    const entry = (await import('@chatplatform/client')) as Entry;
    const { body, error } = await callWith(entry);
    expect(body.data[0]!.status).toBe('initiated');
    expect(error).toBeInstanceOf(entry.BadRequestError);
  });

  test('CJS: require resolves dist/index.cjs and makes a real call', async () => {
    assertBuilt();
    expect(require.resolve('@chatplatform/client')).toBe(new URL('index.cjs', dist).pathname);
    const entry = require('@chatplatform/client') as Entry;
    const { body, error } = await callWith(entry);
    expect(body.data[0]!.status).toBe('initiated');
    expect(error).toBeInstanceOf(entry.BadRequestError);
    expect(error).toBeInstanceOf(entry.ApiError);
  });
});

describe('size of the built entry', () => {
  // Measured on the built output as a user's bundler ships it (bench/size.mjs, which the bench
  // prints with its verdict against SIZE_GOAL). The goal is not met yet, so this test holds the
  // ceiling of the last measurement: any growth fails it.
  test(`dist/index.js bundles to at most ${SIZE_CEILING.min} bytes minified and ${SIZE_CEILING.gzip} gzipped`, async () => {
    assertBuilt();
    const size = await bundleSize(fileURLToPath(new URL('index.js', dist)));
    expect(size.min, 'minified bytes').toBeLessThanOrEqual(SIZE_CEILING.min);
    expect(size.gzip, 'minified + gzip -9 bytes').toBeLessThanOrEqual(SIZE_CEILING.gzip);
  });

  test('carries no openapi-fetch runtime (its types only)', async () => {
    assertBuilt();
    for (const file of ['index.js', 'index.cjs']) {
      const code = await readFile(new URL(file, dist), 'utf8');
      expect(code, file).not.toMatch(/["']openapi-fetch["']|createQuerySerializer|PathCallForwarder/);
    }
  });
});

// The built entry points, loaded the way users load them: ESM `import` and CJS `require` through
// the package's "exports". A build can break in ways no type check sees (a CJS interop of a bundled
// default export once did), so only a real call through each build proves it.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { mockBaseUrl } from '../support/helpers.js';

const require = createRequire(import.meta.url);
const dist = new URL('../../dist/', import.meta.url);

function assertBuilt() {
  for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
    if (!existsSync(new URL(file, dist))) {
      throw new Error(
        `dist/${file} is missing: build the package first (pnpm turbo run build --filter=@chatplatform/client)`,
      );
    }
  }
}

type Entry = typeof import('../../src/index.js');

async function callWith(entry: Entry) {
  const client = entry.createClient({
    appId: 'app1',
    region: 'us',
    apiKey: 'built-test-key',
    baseUrl: mockBaseUrl(),
    env: {},
  });
  const body = await client.calls.get('any-session');
  const error = await client.calls.get('any-session', { headers: { Prefer: 'code=400' } }).catch((e: unknown) => e);
  return { body, error };
}

describe('built entry points', () => {
  test('ESM: import resolves dist/index.js and makes a real call', async () => {
    assertBuilt();
    expect(import.meta.resolve('@chatplatform/client')).toBe(new URL('index.js', dist).href);
    const entry = (await import('@chatplatform/client')) as unknown as Entry;
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

// The generator stops the build when the spec asks for what the client cannot send
// (scripts/supported.mjs): a query or cookie parameter, or a request body that is not JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HTTP_METHODS } from '@chatplatform/spec';
import { describe, expect, test } from 'vitest';
import { checkSupported } from '../scripts/supported.mjs';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@chatplatform/spec/openapi.json'), 'utf8'));

describe('what the client can send', () => {
  test('every operation of the bundled spec passes (its $refs followed)', () => {
    let checked = 0;
    for (const [path, item] of Object.entries<Record<string, object>>(spec.paths)) {
      for (const method of HTTP_METHODS) {
        if (!item[method]) continue;
        checkSupported(spec, `${method} ${path}`, item, item[method]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  const withRefs = {
    components: {
      parameters: { Page: { name: 'page', in: 'query' }, Uid: { name: 'uid', in: 'path' } },
      requestBodies: { Form: { content: { 'multipart/form-data': {} } } },
    },
  };

  test('a query or cookie parameter, inline or by $ref, on the path or the operation, stops it', () => {
    const page = { $ref: '#/components/parameters/Page' };
    expect(() => checkSupported(withRefs, 'GET /users', { parameters: [page] }, {})).toThrow(
      /GET \/users: parameter page is in query; the client serializes path and header parameters only/,
    );
    const cookie = { name: 'session', in: 'cookie' };
    expect(() => checkSupported(withRefs, 'GET /users', {}, { parameters: [cookie] })).toThrow(/session is in cookie/);
    const uid = { $ref: '#/components/parameters/Uid' };
    expect(() => checkSupported(withRefs, 'GET /users/{uid}', {}, { parameters: [uid] })).not.toThrow();
  });

  test('a request body that is not JSON stops it; JSON and +json pass', () => {
    const form = { requestBody: { $ref: '#/components/requestBodies/Form' } };
    expect(() => checkSupported(withRefs, 'POST /files', {}, form)).toThrow(
      /POST \/files: request body multipart\/form-data; the client sends JSON bodies only/,
    );
    const json = { requestBody: { content: { 'application/json': {}, 'application/merge-patch+json': {} } } };
    expect(() => checkSupported(withRefs, 'PATCH /users', {}, json)).not.toThrow();
  });
});

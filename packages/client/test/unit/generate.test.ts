// The generator stops the build when the spec asks for what the client cannot send
// (scripts/supported.mjs): a cookie parameter, a parameter in another style than OpenAPI's default,
// or a request body that is not JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { HTTP_METHODS } from '@chatplatform/spec';
import { describe, expect, test } from 'vitest';
import { checkSupported } from '../../scripts/supported.mjs';

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
      parameters: {
        Page: { name: 'page', in: 'query' },
        Uid: { name: 'uid', in: 'path' },
        Session: { name: 'session', in: 'cookie' },
      },
      requestBodies: { Form: { content: { 'multipart/form-data': {} } } },
    },
  };

  test('a cookie parameter, inline or by $ref, on the path or the operation, stops it; path and query pass', () => {
    const session = { $ref: '#/components/parameters/Session' };
    expect(() => checkSupported(withRefs, 'GET /users', { parameters: [session] }, {})).toThrow(
      /GET \/users: parameter session is in cookie; the client sends path, query and header parameters only/,
    );
    const cookie = { name: 'session', in: 'cookie' };
    expect(() => checkSupported(withRefs, 'GET /users', {}, { parameters: [cookie] })).toThrow(/session is in cookie/);
    const uid = { $ref: '#/components/parameters/Uid' };
    const page = { $ref: '#/components/parameters/Page' };
    expect(() => checkSupported(withRefs, 'GET /users/{uid}', {}, { parameters: [uid, page] })).not.toThrow();
  });

  test('a query parameter in a style the client does not serialize stops it', () => {
    for (const parameter of [
      { name: 'ids', in: 'query', style: 'pipeDelimited' },
      { name: 'ids', in: 'query', explode: false },
      { name: 'filter', in: 'query', style: 'deepObject' },
      { name: 'q', in: 'query', allowReserved: true },
    ]) {
      expect(() => checkSupported(withRefs, 'GET /calls', {}, { parameters: [parameter] })).toThrow(
        /GET \/calls: parameter (ids|filter|q) \(in query\) is not style form, explode true/,
      );
    }
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

import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/index.js';
import { OperationRouter } from '../../src/route/operation-router.js';

const get = (operationId: string) => ({ get: { operationId, responses: { '200': { description: 'ok' } } } });

/** A document whose paths are listed in `order`, templated ones first, under a root server with base path /v3. */
function spec(paths: Record<string, unknown>): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'router', version: '1.0.0' },
    servers: [{ url: 'https://{appId}.api.example/v3', variables: { appId: { default: 'app' } } }],
    paths,
  } as OpenApiDocument;
}

const matched = (router: OperationRouter, path: string, method = 'GET') => {
  const match = router.match(method, path);
  return match.kind === 'operation' ? [match.operation.operationId, match.pathParams] : [match.kind];
};

describe('the router: concrete paths before templated ones, whatever the document order', () => {
  const router = new OperationRouter(
    spec({
      '/calls/{sessionId}': get('get-call'),
      '/calls/active': get('active-calls'),
      '/{area}/b/c': get('one-templated'),
      '/a/{b}/{c}': get('two-templated'),
      '/users/{uid}/friends/{friendUid}': get('get-friend'),
      '/users/{uid}/friends/online': get('online-friends'),
      '/management': { ...get('management'), servers: [{ url: 'https://mgmt.example' }] },
    }),
  );

  it('tries a literal path before a templated one listed earlier', () => {
    expect(matched(router, '/v3/calls/active')).toEqual(['active-calls', {}]);
    expect(matched(router, '/v3/calls/abc')).toEqual(['get-call', { sessionId: 'abc' }]);
    expect(matched(router, '/v3/calls/abc/')).toEqual(['get-call', { sessionId: 'abc' }]);
    expect(matched(router, '/v3/users/u1/friends/online')).toEqual(['online-friends', { uid: 'u1' }]);
    expect(matched(router, '/v3/users/u1/friends/u2')).toEqual(['get-friend', { uid: 'u1', friendUid: 'u2' }]);
  });

  it('prefers fewer templated segments, even when the more templated path starts with a literal', () => {
    expect(matched(router, '/v3/a/b/c')).toEqual(['one-templated', { area: 'a' }]);
    expect(matched(router, '/v3/a/x/y')).toEqual(['two-templated', { b: 'x', c: 'y' }]);
  });

  it("strips each operation's own server base path only", () => {
    expect(matched(router, '/management')).toEqual(['management', {}]);
    expect(matched(router, '/v3/management')).toEqual(['unknown-path']);
    expect(router.match('GET', '/calls/active')).toEqual({
      kind: 'unknown-path',
      hint: 'looks like /calls/active without its server base path /v3',
    });
    expect(router.match('DELETE', '/v3/calls/abc')).toEqual({
      kind: 'method-not-allowed',
      pathTemplate: '/calls/{sessionId}',
      allowed: ['GET'],
    });
  });

  it('routes each of 400 operations to itself among siblings that share their prefix and length', () => {
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) {
      paths[`/area${i}/{id}`] = get(`get-${i}`);
      paths[`/area${i}/latest`] = get(`latest-${i}`);
      paths[`/area${i}/{id}/items`] = get(`items-${i}`);
      paths[`/{tenant}/area${i}/{id}`] = get(`tenant-${i}`);
    }
    const large = new OperationRouter(spec(paths));
    for (let i = 0; i < 100; i++) {
      expect(matched(large, `/v3/area${i}/7`)).toEqual([`get-${i}`, { id: '7' }]);
      expect(matched(large, `/v3/area${i}/latest`)).toEqual([`latest-${i}`, {}]);
      expect(matched(large, `/v3/area${i}/7/items`)).toEqual([`items-${i}`, { id: '7' }]);
      expect(matched(large, `/v3/t/area${i}/7`)).toEqual([`tenant-${i}`, { tenant: 't', id: '7' }]);
    }
  });
});

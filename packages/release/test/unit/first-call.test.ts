// The first-call programs' environment comes from the spec: a spec whose servers and headers differ
// from today's gives the programs those, not a path or header name written in the test.
import { describe, expect, it } from 'vitest';
import { firstCallEnv, getCallPath } from '../support/first-call.js';

const server = (url: string) => ({ url, variables: { appId: { default: 'app' }, region: { default: 'eu' } } });
const fixture = {
  paths: {
    '/sessions/{id}': {
      get: { operationId: 'get-call', servers: [server('https://{appId}.calls-{region}.example.test/v9')] },
    },
    '/tenants': { get: { operationId: 'list-apps', servers: [server('https://admin.example.test/root')] } },
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'apiKey', in: 'header', name: 'x-rest-key' },
      managementKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' },
      managementSecret: { type: 'apiKey', in: 'header', name: 'x-admin-secret' },
    },
  },
};

describe('the first call environment', () => {
  it("hands the programs each operation's server path at the mock and the schemes' header names", () => {
    expect(firstCallEnv('http://127.0.0.1:4010', fixture)).toEqual({
      CHATPLATFORM_CALLS_URL: 'http://127.0.0.1:4010/v9',
      CHATPLATFORM_MANAGEMENT_URL: 'http://127.0.0.1:4010/root',
      CHATPLATFORM_API_KEY_HEADER: 'x-rest-key',
      CHATPLATFORM_MANAGEMENT_KEY_HEADER: 'x-admin-key',
      CHATPLATFORM_MANAGEMENT_SECRET_HEADER: 'x-admin-secret',
    });
    expect(getCallPath('s 1', fixture).path).toBe('/sessions/s%201');
  });

  it('fails naming what the spec no longer has', () => {
    const noScheme = { ...fixture, components: { securitySchemes: {} } };
    expect(() => firstCallEnv('http://m', noScheme)).toThrow(/security scheme apiKey is not an API key in a header/);
    expect(() => firstCallEnv('http://m', { ...fixture, paths: {} })).toThrow(/no operation get-call/);
  });
});

// The peer matrix's credential checks (test/e2e/peer-generators.test.ts) read what a client sent:
// here, requests as a client that followed the README's setting sends them pass, and those of a
// client that ignored it, or sent a credential where it does not belong, fail, naming the header.
import { describe, expect, test } from 'vitest';
import { credentialHeaders, credentialProblems } from '../support/credentials-on-the-wire.js';
import { loadBundledSpec } from '../support/spec-example.js';

const spec = loadBundledSpec();
const headers = credentialHeaders(spec);
const credentials = { apiKey: 'rest-key', managementKey: 'mgmt-key', managementSecret: 'mgmt-secret' };
/** A request path of the operation `operationId`, from the spec's path template (a value per parameter). */
function pathOf(operationId: string): string {
  const entry = Object.entries<Record<string, { operationId?: string }>>(spec.paths).find(([, item]) =>
    Object.values(item).some((operation) => operation?.operationId === operationId),
  );
  if (!entry) throw new Error(`the spec has no operation ${operationId}`);
  return entry[0].replace(/\{[^}]+\}/g, 'some-value');
}
const getCall = (sent: Record<string, string>) => [{ path: pathOf('get-call'), headers: sent }];
const listApps = (sent: Record<string, string>) => [{ path: pathOf('list-apps'), headers: sent }];

describe('credentialProblems', () => {
  test("reads the headers' names from the spec's security schemes", () => {
    expect(Object.keys(headers).sort()).toEqual(Object.keys(spec.components.securitySchemes).sort());
    expect(new Set(Object.values(headers)).size).toBe(Object.keys(headers).length);
  });

  test('passes the REST key in its header and the management key and secret in theirs', () => {
    expect(credentialProblems(spec, 'get-call', getCall({ [headers.apiKey!]: 'rest-key' }), credentials)).toEqual([]);
    const management = { [headers.managementKey!]: 'mgmt-key', [headers.managementSecret!]: 'mgmt-secret' };
    expect(credentialProblems(spec, 'list-apps', listApps(management), credentials)).toEqual([]);
  });

  test("fails a client that ignored the setting and sent its default (openapi-python-client's Bearer)", () => {
    expect(credentialProblems(spec, 'get-call', getCall({ authorization: 'Bearer rest-key' }), credentials)).toEqual([
      `get-call: \`${headers.apiKey}\` does not carry the apiKey credential`,
      'get-call: an Authorization header is sent',
    ]);
  });

  test('fails a credential sent to an address it does not belong to, or the wrong value', () => {
    const both = { [headers.managementKey!]: 'mgmt-key', [headers.managementSecret!]: 'mgmt-secret' };
    expect(
      credentialProblems(spec, 'list-apps', listApps({ ...both, [headers.apiKey!]: 'rest-key' }), credentials),
    ).toEqual([`list-apps: \`${headers.apiKey}\` is sent`]);
    expect(
      credentialProblems(
        spec,
        'list-apps',
        listApps({ ...both, [headers.managementSecret!]: 'mgmt-key' }),
        credentials,
      ),
    ).toEqual([`list-apps: \`${headers.managementSecret}\` does not carry the managementSecret credential`]);
  });

  test('fails when the operation never reached the server', () => {
    expect(credentialProblems(spec, 'get-call', listApps({}), credentials)).toEqual([
      'no get-call request reached the server',
    ]);
  });
});

// The client fills the server variables its table leaves (the ones its options name) and refuses a
// table with a variable none of its options fills, rather than sending to a host with `{name}` in it.
import { expect, test } from 'vitest';
import { clientOver, type RuntimeSpec } from '../../src/client.js';
import { recordingFetch } from '../support/helpers.js';

const table = (url: string): RuntimeSpec => ({
  servers: [[url, 'apiKey']],
  operations: { 'GET /users': ['list-users', 0, '', 'object'] },
});
const options = { appId: 'acme', region: 'eu' as const, apiKey: 'k', env: {} };

test('each variable the table leaves takes the option of its name, wherever it stands', async () => {
  const { fetch, requests } = recordingFetch();
  const client = clientOver(table('https://{region}-{appId}.example.test/{appId}/v1'), { ...options, fetch });
  await client.api.GET('/users');
  expect(requests.map((r) => r.url)).toEqual(['https://eu-acme.example.test/acme/v1/users']);
});

test('a variable no option fills is refused, naming it and how to regenerate', () => {
  expect(() => clientOver(table('https://{tenant}.example.test/v1'), options)).toThrow(
    /server https:\/\/\{tenant\}\.example\.test\/v1: the variable \{tenant\} is none the client's options fill \(appId, region\); regenerate the client/,
  );
});

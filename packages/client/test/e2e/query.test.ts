// Query parameters, end to end: a spec that grows a paginated List Calls (page, perPage, a status
// array) goes through the generator (scripts/generate.mjs --spec --out) and the client built over
// what it generates, and the query reaches the wire serialized as the spec's default (style form,
// explode true).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBundledSpec } from '@chatplatform/spec';
import { afterAll, expect, test } from 'vitest';
import { clientOver, type RuntimeSpec } from '../../src/client.js';
import { recordingFetch } from '../support/helpers.js';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'client-query-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The bundled spec with a List Calls on the Calls server: page and perPage integers, status an array. */
function withListCalls() {
  const spec = readBundledSpec<any>();
  const getCall = spec.paths['/calls/{sessionId}'];
  const query = (name: string, schema: object) => ({ name, in: 'query', required: false, schema });
  spec.paths['/calls'] = {
    servers: getCall.servers,
    get: {
      ...getCall.get,
      operationId: 'list-calls',
      parameters: [
        query('page', { type: 'integer' }),
        query('perPage', { type: 'integer' }),
        query('status', { type: 'array', items: { type: 'string' } }),
      ],
    },
  };
  return spec;
}

test('a List Calls with query parameters is generated and its query sent as the spec serializes it', async () => {
  const specFile = join(work, 'openapi.json');
  writeFileSync(specFile, JSON.stringify(withListCalls()));
  const out = join(work, 'generated');
  await run(process.execPath, ['scripts/generate.mjs', '--spec', specFile, '--out', out]);
  const table = (await import(join(out, 'spec.ts'))) as RuntimeSpec;
  expect(table.operations['GET /calls']).toEqual(['list-calls', 0, '', 'object']);

  const { fetch, requests } = recordingFetch();
  const client = clientOver(table, { appId: 'app1', region: 'eu', apiKey: 'query-test-key', env: {}, fetch });
  const params = { query: { page: 2, perPage: 50, status: ['ended', 'ongoing'] } };
  const { data } = await client.api.GET('/calls' as '/users', { params } as never);
  expect(data).toEqual({ data: [] });
  expect(requests.map((r) => r.url)).toEqual([
    'https://app1.call-eu.cometchat.io/v3/calls?page=2&perPage=50&status=ended&status=ongoing',
  ]);
  expect(requests[0]!.headers.get('apikey')).toBe('query-test-key');
});

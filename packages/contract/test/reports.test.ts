import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  CoverageCollector,
  type Exchange,
  ExchangeValidator,
  formatCoverageText,
  formatSarif,
  type OpenApiDocument,
  validateRecording,
} from '../src/index.js';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'reports', version: '1.0.0' },
  paths: {
    '/items': {
      get: {
        operationId: 'list-items',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'items',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
                },
              },
            },
          },
          '404': { description: 'none' },
        },
      },
    },
    '/other': { get: { operationId: 'other', responses: { '200': { description: 'ok' } } } },
  },
  components: {
    schemas: { Item: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } } },
  },
};
const validator = new ExchangeValidator(doc);
const exchange = (url: string, body: unknown): Exchange => ({
  request: { method: 'GET', url, headers: {} },
  response: { status: 200, headers: { 'content-type': 'application/json' }, body },
});
const ndjson = (...exchanges: Exchange[]) => Readable.from(exchanges.map((e) => `${JSON.stringify(e)}\n`));

describe('SARIF 2.1.0', () => {
  it('one error result per violation, at the NDJSON line, with its rule declared; input errors mark the run unsuccessful', async () => {
    const summary = await validateRecording(
      ndjson(
        exchange('/items', { data: [{ id: 1 }] }),
        exchange('/items', { data: [{ id: 'x' }] }),
        exchange('/nowhere', {}),
      ),
      {
        validator,
        name: 'traffic.ndjson',
      },
    );
    const log = JSON.parse(formatSarif(summary));
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    const rules = run.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(
      run.results.map(
        (r: { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: unknown }[] }) => [
          r.ruleId,
          rules[r.ruleIndex],
          r.level,
          r.locations[0]!.physicalLocation,
        ],
      ),
    ).toEqual([
      ['response', 'response', 'error', { artifactLocation: { uri: 'traffic.ndjson' }, region: { startLine: 2 } }],
      [
        'unknown-path',
        'unknown-path',
        'error',
        { artifactLocation: { uri: 'traffic.ndjson' }, region: { startLine: 3 } },
      ],
    ]);
    expect(run.results[0].message.text).toContain('/response/body/data/0/id: expected type integer, found string "x"');
    expect(run.invocations[0].executionSuccessful).toBe(true);

    const broken = await validateRecording(Readable.from(['{"request":']), { validator, name: 'cut.ndjson' });
    const failed = JSON.parse(formatSarif(broken)).runs[0].invocations[0];
    expect(failed.executionSuccessful).toBe(false);
    expect(failed.toolExecutionNotifications[0].message.text).toContain('cut.ndjson: line 1');
  });
});

describe('coverage', () => {
  it('counts operations, status codes, parameters and response properties the traffic exercised', async () => {
    const coverage = new CoverageCollector(validator.doc);
    const summary = await validateRecording(ndjson(exchange('/items?limit=2', { data: [{ id: 1 }] })), {
      validator,
      coverage,
    });
    expect(summary.coverage).toMatchObject({
      operations: { documented: 2, exercised: 1 },
      statuses: { documented: 3, exercised: 1 },
      parameters: { documented: 2, exercised: 1 },
      properties: { documented: 3, exercised: 2 },
    });
    expect(summary.coverage!.byOperation['list-items']).toMatchObject({
      exchanges: 1,
      statuses: { missing: ['404'] },
      parameters: { missing: ['header:X-Trace'] },
      properties: { missing: ['200 /data/*/name'] },
    });
    const text = formatCoverageText(summary.coverage!);
    expect(text).toContain(
      'operations 1/2 (50 %), status codes 1/3 (33 %), parameters 1/2 (50 %), response properties 2/3 (67 %)',
    );
    expect(text).toContain('  other: not exercised');
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import Ajv04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import {
  CoverageCollector,
  type Exchange,
  ExchangeValidator,
  formatCoverageText,
  formatSarif,
  type OpenApiDocument,
  validateRecording,
} from '../../src/index.js';

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
      [
        'response',
        'response',
        'error',
        { artifactLocation: { uri: 'traffic.ndjson', uriBaseId: '%SRCROOT%' }, region: { startLine: 2 } },
      ],
      [
        'unknown-path',
        'unknown-path',
        'error',
        { artifactLocation: { uri: 'traffic.ndjson', uriBaseId: '%SRCROOT%' }, region: { startLine: 3 } },
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

// Both are CommonJS: under NodeNext a default import is `module.exports` at run time.
const commonJs = <T>(module: unknown): T => ((module as { default?: unknown }).default ?? module) as T;
const Ajv04 = commonJs<typeof Ajv04Module.default>(Ajv04Module);
const addFormats = commonJs<(ajv: InstanceType<typeof Ajv04>) => unknown>(addFormatsModule);

/** The SARIF 2.1.0 JSON schema, as @microsoft/jest-sarif ships it (draft-04). */
const validSarif = (() => {
  const require = createRequire(import.meta.url);
  const schemaPath = join(require.resolve('@microsoft/jest-sarif'), '../schemas/sarif-2.1.0-rtm.5.json');
  // The schema's language-tag pattern is not valid in Unicode mode.
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));
})();

/** A HAR whose entries start on known lines: entry 0 on line 3, entry 1 on line 5. */
function harWithTwoBrokenEntries(): string {
  const entry = (id: string) =>
    JSON.stringify({
      request: { method: 'GET', url: `https://api.example/items?id=${id}`, headers: [] },
      response: {
        status: 200,
        headers: [{ name: 'content-type', value: 'application/json' }],
        content: { size: 22, mimeType: 'application/json', text: '{"data":[{"id":"x"}]}' },
      },
    });
  return `{"log": {\n"version": "1.2", "entries": [\n${entry('a')},\n\n${entry('b')}\n]}}\n`;
}

describe('SARIF that code scanning reads right', () => {
  it('is valid against the SARIF 2.1.0 schema, names the recording relative to the repository', async () => {
    const relativeInput = 'test/fixtures/traffic/broken.har';
    const repository = resolve(process.cwd(), '../..');
    for (const input of [relativeInput, resolve(relativeInput)]) {
      const log = JSON.parse(formatSarif(await validateRecording(input, { validator: new ExchangeValidator() })));
      expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
      const locations = log.runs[0].results.map((r: { locations: { physicalLocation: unknown }[] }) => r.locations[0]!);
      expect(locations.length).toBeGreaterThan(0);
      for (const location of locations) {
        expect(location.physicalLocation.artifactLocation).toEqual({
          uri: 'packages/contract/test/fixtures/traffic/broken.har',
          uriBaseId: '%SRCROOT%',
        });
      }
      expect(readFileSync(join(repository, locations[0].physicalLocation.artifactLocation.uri), 'utf8')).toContain(
        '"log"',
      );
    }
  });

  it("points a HAR result at its entry's line, and gives the same violation in two entries two fingerprints", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sarif-har-')), 'two.har');
    writeFileSync(file, harWithTwoBrokenEntries());
    const log = JSON.parse(formatSarif(await validateRecording(file, { validator })));
    expect(validSarif(log), JSON.stringify(validSarif.errors)).toBe(true);
    const results = log.runs[0].results as {
      locations: { physicalLocation: { region: { startLine: number } } }[];
      partialFingerprints: Record<string, string>;
      message: { text: string };
    }[];
    expect(results.map((r) => r.locations[0]!.physicalLocation.region.startLine)).toEqual([3, 5]);
    const withoutPlace = (text: string) => text.replace(/^entry \d+ \(log\.entries\[\d+\]\)/, '');
    expect(withoutPlace(results[0]!.message.text)).toEqual(withoutPlace(results[1]!.message.text));
    expect(results[0]!.partialFingerprints).not.toEqual(results[1]!.partialFingerprints);
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

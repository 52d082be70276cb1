// The breaking gate on a corpus of changes, each labelled breaking or harmless beforehand by what
// it does to a client that works today: mutations of the platform's bundled spec (and of the
// gate's small fixture) of every class the gate rates. oasdiff runs once per pair; everything
// else is in-process.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { effectiveServers, operationsOf, readBundledSpec } from '@chatplatform/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type BreakingResult, compareSpecs, type Finding } from '../../src/breaking/gate.js';
import { findOasdiff } from '../../src/breaking/oasdiff.js';
import { responsePatternVerdict } from '../../src/breaking/patterns.js';
import { pendingMoves, readVersions } from '../../src/breaking/versioning.js';
import type { OpenApiDocument } from '../../src/read/spec-document.js';
import { packageDir } from '../support/helpers.js';

// Mutations reach anywhere in the document: it is edited as plain JSON.
type Doc = Record<string, any>;
type Edit = (doc: Doc) => void;
interface Pair {
  name: string;
  label: 'breaking' | 'harmless';
  /** The platform's bundled spec (default), or the gate's fixture base.yaml. */
  from?: 'platform' | 'fixture';
  /** An edit applied to both sides first (a pattern to change, a name to rename back). */
  both?: Edit;
  /** The edit from the baseline to the revision. */
  edit: Edit;
}

const fixtureBase = parse(readFileSync(join(packageDir, 'test/fixtures/breaking/base.yaml'), 'utf8'));

/** Every server object of the document whose URL contains `text`: root, path-level, operation-level. */
function servers(doc: Doc, text: string): Array<{ url: string; variables?: Record<string, any> }> {
  const all = [...(doc.servers ?? [])];
  for (const item of Object.values<any>(doc.paths ?? {})) {
    all.push(...(item.servers ?? []));
    for (const value of Object.values<any>(item)) if (Array.isArray(value?.servers)) all.push(...value.servers);
  }
  const found = all.filter((server) => server.url.includes(text));
  if (found.length === 0) throw new Error(`no server URL contains ${text}: the corpus is out of date`);
  return found;
}
const eachServer = (doc: Doc, text: string, change: (server: any) => void) => {
  for (const server of servers(doc, text)) change(server);
};
const schema = (doc: Doc, name: string) => doc.components.schemas[name];
const getCall = (doc: Doc) => doc.paths['/calls/{sessionId}'].get;

const PAIRS: Pair[] = [
  // 1. Servers: the URL a client builds.
  {
    name: 'the Calls host segment call- renamed calls-',
    label: 'breaking',
    edit: (d) => eachServer(d, '.call-', (s) => (s.url = s.url.replace('.call-', '.calls-'))),
  },
  {
    name: 'the chat host segment api- renamed chat-',
    label: 'breaking',
    edit: (d) => eachServer(d, '.api-', (s) => (s.url = s.url.replace('.api-', '.chat-'))),
  },
  {
    name: 'the serviceDomain default changed',
    label: 'breaking',
    edit: (d) => eachServer(d, '{serviceDomain}', (s) => (s.variables.serviceDomain.default = 'chatplatform.example')),
  },
  {
    name: 'the management host changed',
    label: 'breaking',
    edit: (d) => eachServer(d, '{managementHost}', (s) => (s.variables.managementHost.default = 'mgmt.example.test')),
  },
  {
    name: 'the region enum loses a value',
    label: 'breaking',
    edit: (d) => eachServer(d, '{region}', (s) => (s.variables.region.enum = ['us', 'eu'])),
  },
  {
    name: 'a region fixed in the Calls URL',
    label: 'breaking',
    edit: (d) => eachServer(d, '.call-', (s) => (s.url = s.url.replace('{region}', 'us'))),
  },
  {
    name: '/v3 becoming /api/v3 on the chat host',
    label: 'breaking',
    edit: (d) => eachServer(d, '.api-', (s) => (s.url = s.url.replace('/v3', '/api/v3'))),
  },
  {
    name: 'Get Call moved to the chat host (its path-level server removed)',
    label: 'breaking',
    edit: (d) => delete d.paths['/calls/{sessionId}'].servers,
  },
  {
    name: 'Send a message moved to the Calls host by an operation-level server',
    label: 'breaking',
    edit: (d) => (d.paths['/messages'].post.servers = structuredClone(d.paths['/calls/{sessionId}'].servers)),
  },
  {
    name: 'https becoming http',
    label: 'breaking',
    edit: (d) => eachServer(d, 'https://', (s) => (s.url = s.url.replace('https:', 'http:'))),
  },
  {
    name: 'a port added',
    label: 'breaking',
    edit: (d) => eachServer(d, '{managementHost}', (s) => (s.url += ':8443')),
  },
  {
    name: 'the region default changed',
    label: 'breaking',
    edit: (d) => eachServer(d, '{region}', (s) => (s.variables.region.default = 'eu')),
  },
  {
    name: 'the version segment /v3 written /v3.0',
    label: 'breaking',
    edit: (d) => eachServer(d, '/v3', (s) => (s.url = s.url.replace('/v3', '/v3.0'))),
  },
  {
    name: 'server descriptions shortened',
    label: 'harmless',
    edit: (d) => eachServer(d, '://', (s) => (s.description = 'Short name')),
  },
  {
    name: 'the region enum gains a value',
    label: 'harmless',
    edit: (d) => eachServer(d, '{region}', (s) => s.variables.region.enum.push('ap')),
  },
  {
    name: 'a second server added after the first',
    label: 'harmless',
    edit: (d) =>
      d.servers.push({
        url: 'https://{appId}.api-{region}.staging.example/v3',
        variables: structuredClone(d.servers[0].variables),
      }),
  },
  {
    name: 'a server variable renamed, same values',
    label: 'harmless',
    edit: (d) =>
      eachServer(d, '{serviceDomain}', (s) => {
        s.url = s.url.replace('{serviceDomain}', '{domain}');
        s.variables.domain = s.variables.serviceDomain;
        delete s.variables.serviceDomain;
      }),
  },
  {
    name: "https's default port written out, the host in capitals, a trailing slash",
    label: 'harmless',
    edit: (d) => eachServer(d, '{managementHost}', (s) => (s.url = 'HTTPS://{managementHost}:443/')),
  },

  // 2. What oasdiff does not see.
  {
    name: 'a path-level path parameter: minLength 1 → 10',
    label: 'breaking',
    edit: (d) => (d.components.parameters.sessionId.schema.minLength = 10),
  },
  {
    name: 'the request body closed (additionalProperties: false)',
    label: 'breaking',
    edit: (d) => (schema(d, 'SendMessageRequest').additionalProperties = false),
  },
  {
    name: "Get Call's 200 media type application/json → application/vnd.platform+json",
    label: 'breaking',
    edit: (d) => {
      const content = getCall(d).responses['200'].content;
      content['application/vnd.platform+json'] = content['application/json'];
      delete content['application/json'];
    },
  },
  {
    name: "Get Call's 200 media type application/json → text/plain",
    label: 'breaking',
    edit: (d) => {
      const content = getCall(d).responses['200'].content;
      content['text/plain'] = { schema: { type: 'string' } };
      delete content['application/json'];
    },
  },
  {
    name: 'the media type gains a charset parameter',
    label: 'harmless',
    edit: (d) => {
      const content = getCall(d).responses['200'].content;
      content['application/json; charset=utf-8'] = content['application/json'];
      delete content['application/json'];
    },
  },

  {
    name: "Send a message's request body application/json → application/vnd.platform+json",
    label: 'breaking',
    edit: (d) => {
      const content = d.paths['/messages'].post.requestBody.content;
      content['application/vnd.platform+json'] = content['application/json'];
      delete content['application/json'];
    },
  },

  // 3. False reds of before.
  {
    name: 'the apiKey security scheme renamed, same header',
    label: 'harmless',
    edit: (d) => {
      const rename = (list: Record<string, string[]>[] | undefined) =>
        list?.forEach((requirement) => {
          if (!requirement.apiKey) return;
          requirement.restApiKey = requirement.apiKey;
          delete requirement.apiKey;
        });
      d.components.securitySchemes.restApiKey = d.components.securitySchemes.apiKey;
      delete d.components.securitySchemes.apiKey;
      rename(d.security);
      for (const item of Object.values<any>(d.paths)) for (const op of Object.values<any>(item)) rename(op?.security);
    },
  },
  {
    name: 'a response pattern narrowed (totalDuration hours: 2 digits or more → exactly 2)',
    label: 'harmless',
    edit: (d) => (schema(d, 'Call').properties.totalDuration.pattern = '^\\d{2}:[0-5]\\d:[0-5]\\d$'),
  },
  {
    name: 'a response pattern widened (totalDuration hours: 1 digit allowed)',
    label: 'breaking',
    edit: (d) => (schema(d, 'Call').properties.totalDuration.pattern = '^\\d{1,}:[0-5]\\d:[0-5]\\d$'),
  },
  {
    name: "the schema GetCallResponse renamed CallRecordEnvelope (this release's real change)",
    label: 'harmless',
    both: (d) => renameSchema(d, 'CallRecordEnvelope', 'GetCallResponse'),
    edit: (d) => renameSchema(d, 'GetCallResponse', 'CallRecordEnvelope'),
  },
  {
    name: 'the schema renamed and given a new optional property',
    label: 'harmless',
    both: (d) => renameSchema(d, 'CallRecordEnvelope', 'GetCallResponse'),
    edit: (d) => {
      renameSchema(d, 'GetCallResponse', 'CallRecordEnvelope');
      schema(d, 'CallRecordEnvelope').properties.next = { type: 'string' };
    },
  },
  {
    name: "Get Call's operationId changed",
    label: 'harmless',
    edit: (d) => (getCall(d).operationId = 'getCallRecord'),
  },

  {
    name: 'a minute total number → integer in the response',
    label: 'harmless',
    edit: (d) => {
      schema(d, 'Call').properties.totalAudioMinutes.type = 'integer';
      delete schema(d, 'Call').properties.totalAudioMinutes.format;
    },
  },

  // Classes the gate rated right before: they stay right.
  {
    name: 'the apikey header renamed',
    label: 'breaking',
    edit: (d) => (d.components.securitySchemes.apiKey.name = 'x-api-key'),
  },
  { name: "Get Call's 400 removed", label: 'breaking', edit: (d) => delete getCall(d).responses['400'] },
  {
    name: 'a participant state added to the closed enum',
    label: 'breaking',
    edit: (d) => schema(d, 'ParticipantState').enum.push('on-hold'),
  },
  {
    name: 'a new required request property',
    label: 'breaking',
    edit: (d) => {
      schema(d, 'SendMessageRequest').properties.priority = { type: 'string' };
      schema(d, 'SendMessageRequest').required.push('priority');
    },
  },
  {
    name: 'a new optional response property and a description reworded',
    label: 'harmless',
    edit: (d) => {
      schema(d, 'Call').properties.region = { type: 'string' };
      d.info.description = 'Reworded.';
    },
  },
  {
    name: 'the onBehalfOf header renamed',
    label: 'breaking',
    edit: (d) => (d.components.parameters.onBehalfOf.name = 'on-behalf-of'),
  },
  {
    name: "Get Call's 200 becoming 201",
    label: 'breaking',
    edit: (d) => {
      const responses = getCall(d).responses;
      responses['201'] = responses['200'];
      delete responses['200'];
    },
  },
  {
    name: 'a response object closed (additionalProperties: false)',
    label: 'harmless',
    edit: (d) => (schema(d, 'Call').additionalProperties = false),
  },
  {
    name: 'a participant state dropped from the response enum',
    label: 'harmless',
    edit: (d) => schema(d, 'ParticipantState').enum.pop(),
  },
  {
    name: 'Get Call deprecated, a new optional query parameter on List users',
    label: 'harmless',
    edit: (d) => {
      getCall(d).deprecated = true;
      d.paths['/users'].get.parameters = [
        ...(d.paths['/users'].get.parameters ?? []),
        { name: 'limit', in: 'query', schema: { type: 'integer' } },
      ];
    },
  },
  {
    name: 'the fixture: header name letter case',
    from: 'fixture',
    label: 'harmless',
    edit: (d) => (d.components.securitySchemes.apiKey.name = 'ApiKey'),
  },
  {
    name: 'the fixture: data from array to object',
    from: 'fixture',
    label: 'breaking',
    edit: (d) => (schema(d, 'GetCallResponse').properties.data = { $ref: '#/components/schemas/Call' }),
  },
];

/** Renames a component schema and every reference to it. */
function renameSchema(doc: Doc, from: string, to: string): void {
  const schemas = doc.components.schemas;
  schemas[to] = schemas[from];
  delete schemas[from];
  const walk = (node: any) => {
    if (!node || typeof node !== 'object') return;
    if (node.$ref === `#/components/schemas/${from}`) node.$ref = `#/components/schemas/${to}`;
    for (const value of Object.values(node)) walk(value);
  };
  walk(doc);
}

const results = new Map<
  string,
  { pair: Pair; result: Pick<BreakingResult, 'breaking' | 'notBreaking'>; base: Doc; revision: Doc }
>();
let workDir = '';

const platform = readBundledSpec<Doc>();
/**
 * Every pair is compared in full (oasdiff and the gate's own checks on the whole spec): a bound on
 * a hang, not a speed goal, of a minute and 30 ms per pair and operation (all took 145 s at 500 operations).
 */
const CORPUS_BOUND_MS = 60_000 + PAIRS.length * operationsOf(platform).length * 30;

beforeAll(() => {
  const oasdiff = findOasdiff();
  workDir = mkdtempSync(join(tmpdir(), 'breaking-corpus-'));
  for (const pair of PAIRS) {
    const base = structuredClone(pair.from === 'fixture' ? fixtureBase : platform);
    pair.both?.(base);
    const revision = structuredClone(base);
    pair.edit(revision);
    results.set(pair.name, {
      pair,
      base,
      revision,
      result: compareSpecs(base as OpenApiDocument, revision as OpenApiDocument, oasdiff, workDir),
    });
  }
}, CORPUS_BOUND_MS);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const get = (name: string) => results.get(name)!;
const show = (findings: Finding[]) => findings.map((f) => `${f.id} ${f.where}: ${f.text}`);

describe('the corpus', () => {
  it.each(PAIRS.map((pair) => [pair.name, pair.label]))('%s: %s', (name, label) => {
    const { result } = get(name);
    if (label === 'breaking') expect(show(result.breaking)).not.toEqual([]);
    else expect(show(result.breaking)).toEqual([]);
  });

  it('0 false greens and 0 false reds over the whole corpus', () => {
    const verdicts = PAIRS.map(({ name, label }) => ({ name, label, red: get(name).result.breaking.length > 0 }));
    const falseGreens = verdicts.filter((v) => v.label === 'breaking' && !v.red).map((v) => v.name);
    const falseReds = verdicts.filter((v) => v.label === 'harmless' && v.red).map((v) => v.name);
    console.info(
      `breaking-gate corpus: ${PAIRS.length} pairs (${verdicts.filter((v) => v.label === 'breaking').length} breaking, ` +
        `${verdicts.filter((v) => v.label === 'harmless').length} harmless): ${falseGreens.length} false green(s), ${falseReds.length} false red(s)`,
    );
    expect({ falseGreens, falseReds }).toEqual({ falseGreens: [], falseReds: [] });
  });
});

describe('what the findings say', () => {
  it('a server change names the operation, the old and the new URL template', () => {
    const [change] = get('the Calls host segment call- renamed calls-').result.breaking;
    // Every operation the Calls host serves: Get Call today, its whole area at the platform's size.
    const onCallsHost = operationsOf(platform)
      .filter(({ operation, pathItem }) =>
        effectiveServers({ operation, pathItem, root: platform }).some((server) => server.url.includes('.call-')),
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(onCallsHost).toContain('GET /calls/{sessionId}');
    expect(change).toMatchObject({ id: 'server-url-changed', where: onCallsHost.join(', '), checkedBy: 'contract' });
    expect(change?.text).toContain(
      'from https://{appId}.call-{region}.{serviceDomain}/v3 to https://{appId}.calls-{region}.{serviceDomain}/v3',
    );
  });

  it('an operation moved to another server names both servers, and the address bundle it leaves', () => {
    const [change] = get('Get Call moved to the chat host (its path-level server removed)').result.breaking;
    expect(change?.where).toBe('GET /calls/{sessionId}');
    expect(change?.text).toContain(
      'from https://{appId}.call-{region}.{serviceDomain}/v3 to https://{appId}.api-{region}.{serviceDomain}/v3',
    );
    expect(change?.text).toContain(
      "it leaves the calls address's bundle (@chatplatform/spec/calls/openapi.yaml), whose clients lose it",
    );
    const [narrowed] = get('the region enum loses a value').result.breaking;
    expect(narrowed?.text).not.toContain('leaves');
  });

  it('an enum narrowed names the value no longer served; a default changed names both URLs', () => {
    const narrowed = get('the region enum loses a value').result.breaking;
    expect(narrowed.every((c) => c.text.includes('region=in'))).toBe(true);
    expect(narrowed.map((c) => c.where).join(', ')).toContain('GET /calls/{sessionId}');
    const [defaulted] = get('the region default changed').result.breaking;
    expect(defaulted).toMatchObject({ id: 'server-default-url-changed' });
    expect(defaulted?.text).toMatch(/call-us\.cometchat\.io\/v3 to https:\/\/your-app-id\.call-eu\.cometchat\.io\/v3/);
  });

  it('the path-level parameter, the closed body and the media type are each reported where they happen', () => {
    expect(get('a path-level path parameter: minLength 1 → 10').result.breaking).toEqual([
      expect.objectContaining({ id: 'request-parameter-min-length-increased', where: 'GET /calls/{sessionId}' }),
    ]);
    expect(get('the request body closed (additionalProperties: false)').result.breaking).toEqual([
      expect.objectContaining({ id: 'request-body-closed', where: 'POST /messages' }),
    ]);
    expect(get("Get Call's 200 media type application/json → application/vnd.platform+json").result.breaking).toEqual([
      expect.objectContaining({
        id: 'response-media-type-changed',
        text: 'the 200 response is no longer application/json; it is now application/vnd.platform+json',
      }),
    ]);
  });

  it('a security scheme renamed on the same header is a generated-code change, not a removed requirement', () => {
    const { notBreaking } = get('the apiKey security scheme renamed, same header').result;
    expect(notBreaking).toEqual([expect.objectContaining({ id: 'security-scheme-renamed', rating: 'generated-code' })]);
  });

  it("oasdiff's WARN on a response pattern is rated by direction, with the reason", () => {
    const [narrowed] = get('a response pattern narrowed (totalDuration hours: 2 digits or more → exactly 2)').result
      .notBreaking;
    expect(narrowed).toMatchObject({
      id: 'response-property-pattern-changed',
      oasdiffLevel: 'WARN',
      rating: 'not-breaking',
    });
    expect(narrowed?.why).toContain('the pattern narrows');
    const [widened] = get('a response pattern widened (totalDuration hours: 1 digit allowed)').result.breaking;
    expect(widened?.why).toMatch(/the pattern widens: ".*" matches the new pattern but not the old one/);
  });

  it('the schema rename is reported for what it is: generated code, nothing on the wire', () => {
    const { breaking, notBreaking } = get(
      "the schema GetCallResponse renamed CallRecordEnvelope (this release's real change)",
    ).result;
    expect(breaking).toEqual([]);
    expect(notBreaking).toEqual([
      expect.objectContaining({
        id: 'schema-renamed',
        rating: 'generated-code',
        where: 'components.schemas.GetCallResponse',
        text: 'the schema GetCallResponse is now CallRecordEnvelope, with the same content: nothing changes on the wire',
      }),
    ]);
  });

  it('a schema renamed with a change of content is found by where it is referenced', () => {
    expect(get('the schema renamed and given a new optional property').result.notBreaking).toEqual([
      expect.objectContaining({
        id: 'schema-renamed',
        text: 'the schema GetCallResponse is now CallRecordEnvelope, referenced where it was (a change of its content is reported on its own)',
      }),
    ]);
  });

  it('the version advice on /v3 → /v3.0 names a URL a person would write', () => {
    const { base, revision } = get('the version segment /v3 written /v3.0');
    const moves = pendingMoves(readVersions(base as OpenApiDocument), readVersions(revision as OpenApiDocument), 4).map(
      (m) => m.to,
    );
    expect(moves).toContain('https://{appId}.call-{region}.{serviceDomain}/v4.0');
    expect(moves.some((to) => /\/v\d+(\.\d+)?\/v\d/.test(to))).toBe(false);
  });

  it('a management address that changed is still left without a version in the advice', () => {
    const { base, revision } = get('a port added');
    const moves = pendingMoves(readVersions(base as OpenApiDocument), readVersions(revision as OpenApiDocument), 4);
    expect(moves.map((m) => m.to).filter((to) => !to.includes('/v4'))).toEqual(['4.0.0']);
    expect(moves.some((m) => m.from.includes('{managementHost}'))).toBe(false);
  });
});

describe("a response pattern's direction", () => {
  const changed = (from: string, to: string) =>
    responsePatternVerdict(
      `the \`data/items/x\` response's property pattern was changed from \`${from}\` to \`${to}\` for the status \`200\``,
    )?.rating;

  it.each([
    ['^[a-z]{1,20}$', '^[a-z]+$', 'breaking'], // a bound lifted: long values appear
    ['^[a-z]+$', '^[a-z]{1,20}$', 'not-breaking'],
    ['^[a-z]+$', '^[a-zA-Z]+$', 'breaking'],
    ['^v1\\.[a-z]+$', 'v1\\.[a-z]+', 'breaking'], // unanchored: any text around it
    ['^[A-Za-z0-9.]+$', '^v1\\.(us|eu|in)\\.[0-9a-f]+$', 'not-breaking'],
  ])('%s → %s: %s', (from, to, rating) => {
    expect(changed(from, to)).toBe(rating);
  });

  it('a pattern that cannot be read is not rated here (so it stays breaking)', () => {
    expect(changed('^[a-z', '^[a-z]+$')).toBeUndefined();
    expect(responsePatternVerdict('the pattern changed')).toBeUndefined();
  });
});

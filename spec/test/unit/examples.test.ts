// Every example in the bundled spec validates against its schema (Ajv's JSON Schema 2020-12
// build, formats checked strictly), and the spec's claims have teeth: each is checked against
// the schemas themselves, not against prose.

import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { ADDRESSES, bundledSpecPath, operationsOf } from '../../index.js';
import { bundledSpec, deref as derefIn } from '../support/bundled-spec.js';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const spec: Json = bundledSpec();

// ---- Schemas: OpenAPI's `#/components/schemas/X` refs become `$defs` of one registered schema.

const DEFS_ID = 'urn:chatplatform:openapi';
const rewriteRefs = (schema: Json): Json =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${DEFS_ID}#/$defs/`));

/** Every `x-` key used anywhere inside the schemas. */
function extensionKeywords(schemas: Json): string[] {
  const keys = new Set<string>();
  JSON.stringify(schemas, (key, value) => {
    if (key.startsWith('x-')) keys.add(key);
    return value;
  });
  return [...keys];
}

function createAjv(document: Json) {
  // strict: unknown keywords and unknown formats are errors, not silently ignored.
  const ajv = new Ajv2020.default({ strict: true, allErrors: true });
  addFormats.default(ajv);
  // OpenAPI's own schema keywords and the spec's `x-` extensions: annotations for JSON Schema validators.
  ajv.addVocabulary([
    'example',
    'discriminator',
    'xml',
    'externalDocs',
    ...extensionKeywords(document.components.schemas),
  ]);
  ajv.addSchema({ $id: DEFS_ID, $defs: rewriteRefs(document.components.schemas) });
  return ajv;
}
/** Compiles schemas of `document`, its `#/components/schemas/…` refs resolved in it. */
const validatorsOf = (document: Json) => {
  const documentAjv = createAjv(document);
  return (schema: Json) => documentAjv.compile(rewriteRefs(schema));
};
const validatorFor = validatorsOf(spec);
const component = (name: string) => validatorFor({ $ref: `#/components/schemas/${name}` });
const errorsOf = (validate: ReturnType<typeof validatorFor>, value: unknown) =>
  validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);

// ---- Where examples live in a bundled document.

const deref = (node: Json): Json => derefIn(spec, node);

interface ExampleSite {
  where: string;
  schema: Json;
  examples: { name: string; value: unknown }[];
}

/** Every example of `document` with the schema it must validate against; `usedRefs` gets the $ref'd ones. */
function collectSites(document: Json, usedRefs = new Set<string>()): ExampleSite[] {
  const sites: (ExampleSite | undefined)[] = [];
  const derefHere = (node: Json): Json => derefIn(document, node);
  /** A media type or a parameter: `example`, or `examples` (Example objects, possibly $ref'd). */
  const site = (where: string, holder: Json): ExampleSite | undefined => {
    const examples: ExampleSite['examples'] = [];
    if ('example' in holder) examples.push({ name: 'example', value: holder.example });
    for (const [name, example] of Object.entries<Json>(holder.examples ?? {})) {
      if (example.$ref) usedRefs.add(example.$ref);
      examples.push({ name, value: derefHere(example).value });
    }
    return examples.length ? { where, schema: holder.schema, examples } : undefined;
  };
  const mediaTypes = (where: string, content: Json) =>
    Object.entries<Json>(content ?? {}).forEach(([type, media]) => {
      sites.push(site(`${where} ${type}`, media));
    });
  const parameters = (where: string, list: Json[] = []) =>
    list.map(derefHere).forEach((p) => {
      sites.push(site(`${where} parameter ${p.name}`, p));
    });

  for (const [path, rawItem] of Object.entries<Json>(document.paths)) {
    const item = derefHere(rawItem);
    parameters(path, item.parameters);
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      parameters(where, op.parameters);
      if (op.requestBody) mediaTypes(`${where} request`, derefHere(op.requestBody).content);
      for (const [status, rawResponse] of Object.entries<Json>(op.responses)) {
        const response = derefHere(rawResponse);
        mediaTypes(`${where} ${status}`, response.content);
        for (const [name, header] of Object.entries<Json>(response.headers ?? {}))
          sites.push(site(`${where} ${status} header ${name}`, derefHere(header)));
      }
    }
  }
  // Schema-level `examples` (and 3.0-style `example`), anywhere inside a component schema.
  const walkSchema = (where: string, schema: Json) => {
    if (!schema || typeof schema !== 'object') return;
    if (!Array.isArray(schema)) {
      const values = [...(schema.examples ?? []), ...('example' in schema ? [schema.example] : [])];
      if (values.length)
        sites.push({ where, schema, examples: values.map((value: unknown, i: number) => ({ name: `#${i}`, value })) });
    }
    for (const [key, child] of Object.entries<Json>(schema))
      if (key !== 'examples' && key !== 'example') walkSchema(`${where}/${key}`, child);
  };
  for (const [name, schema] of Object.entries<Json>(document.components.schemas)) walkSchema(`schema ${name}`, schema);
  return sites.filter((s): s is ExampleSite => s !== undefined);
}

const usedExampleRefs = new Set<string>();
const sites = collectSites(spec, usedExampleRefs);
const records = (name: string): Json[] => spec.components.examples[name].value.data;
const cases = (found: ExampleSite[]) =>
  found.flatMap((s) => s.examples.map((e) => [`${s.where} › ${e.name}`, s.schema, e.value] as const));

describe('examples', () => {
  it('are found where the spec declares them (Get Call responses, parameters, schemas)', () => {
    const where = sites.map((s) => s.where);
    expect(where).toEqual(
      expect.arrayContaining([
        'GET /calls/{sessionId} 200 application/json',
        'GET /calls/{sessionId} 400 application/json',
      ]),
    );
    expect(where.some((w) => w.includes('parameter sessionId'))).toBe(true);
    expect(where.some((w) => w.startsWith('schema '))).toBe(true);
  });

  it.each(cases(sites))('%s validates against its schema', (_label, schema, value) => {
    expect(schema, 'an example needs a schema to be checked against').toBeDefined();
    expect(errorsOf(validatorFor(schema), value)).toEqual([]);
  });

  it('in components.examples are each used by an operation (so each was validated above)', () => {
    const defined = Object.keys(spec.components.examples ?? {}).map((name) => `#/components/examples/${name}`);
    expect(defined.length).toBeGreaterThanOrEqual(3);
    expect(defined.filter((ref) => !usedExampleRefs.has(ref))).toEqual([]);
  });

  it('include the observed response: an initiated audio call, nobody joined, the receiver unanswered, the initiator without state', () => {
    const [call] = records('CallInitiated');
    expect(call).toMatchObject({ type: 'audio', status: 'initiated', hasRecording: false, totalDurationInMinutes: 0 });
    const [initiator, receiver] = call.participants;
    expect(initiator.uid).toBe(call.initiator);
    expect(initiator).not.toHaveProperty('state');
    expect(receiver).toMatchObject({ uid: call.receiver, state: 'unanswered', isJoined: false });
    expect(call.data.entities.receiver.entity.uid).toBe(call.receiver);
  });

  it('include an ended call with a recording and fractional minute totals', () => {
    const [call] = records('CallEndedWithRecording');
    expect(call.hasRecording).toBe(true);
    expect(call.recordings.length).toBeGreaterThan(0);
    expect(Number.isInteger(call.totalAudioMinutes)).toBe(false);
  });
});

// The same examples check every bundle derived from this one: per address, and the OpenAPI 3.0.3
// companions (whose schemas Ajv reads as the JSON Schema subset 3.0 allows).
describe.each(
  [undefined, ...ADDRESSES].flatMap((address) =>
    (['3.1', '3.0'] as const).map((openapi) => ({ address, openapi, label: `${address ?? 'combined'} ${openapi}` })),
  ),
)('examples of the $label bundle', ({ address, openapi }) => {
  const document: Json = JSON.parse(readFileSync(bundledSpecPath('json', { address, openapi }), 'utf8'));
  const found = collectSites(document);
  const validator = validatorsOf(document);
  const valuesAt = (list: ExampleSite[], filter: (where: string) => boolean) =>
    Object.fromEntries(list.filter((s) => filter(s.where)).map((s) => [s.where, s.examples]));

  it('are those of the combined bundle at the same places (a schema keeps at least its first)', () => {
    const here = new Set(found.map((s) => s.where));
    const own = (where: string) => !where.startsWith('schema ') && here.has(where);
    expect(found.length).toBeGreaterThan(0);
    expect(valuesAt(found, own)).toEqual(valuesAt(sites, own));
    for (const site of found.filter((s) => s.where.startsWith('schema '))) {
      const original = sites.find((s) => s.where === site.where)?.examples.map((e) => e.value);
      expect(original, site.where).toEqual(expect.arrayContaining(site.examples.map((e) => e.value)));
    }
  });

  it.each(cases(found))('%s validates against its schema', (_label, schema, value) => {
    expect(schema, 'an example needs a schema to be checked against').toBeDefined();
    expect(errorsOf(validator(schema), value)).toEqual([]);
  });
});

describe('the call record schema', () => {
  const call = component('Call');
  const [observed] = records('CallInitiated');
  const [recorded] = records('CallEndedWithRecording');

  it('requires recordings when hasRecording is true (if/then), and only then', () => {
    const { recordings: _dropped, ...withoutRecordings } = recorded;
    expect(errorsOf(call, withoutRecordings)).toEqual([
      "/ must have required property 'recordings'",
      '/ must match "then" schema',
    ]);
    expect(errorsOf(call, { ...withoutRecordings, recordings: [] })).toEqual([]);
    expect(errorsOf(call, { ...observed, hasRecording: false })).toEqual([]);
    expect(observed).not.toHaveProperty('recordings');
  });

  it('types minute totals as number (fractional values pass) and counts and timestamps as integer', () => {
    for (const name of ['Call', 'CallParticipant']) {
      const { properties } = spec.components.schemas[name];
      for (const minutes of ['totalAudioMinutes', 'totalVideoMinutes', 'totalDurationInMinutes']) {
        expect(properties[minutes].type, `${name}.${minutes}`).toBe('number');
        expect(properties[minutes].description, `${name}.${minutes} says why`).toMatch(/fractional/);
      }
    }
    const { properties } = spec.components.schemas.Call;
    expect(properties.totalParticipants.type).toBe('integer');
    expect(properties.initiatedAt.type).toBe('integer');
    expect(errorsOf(call, { ...observed, totalVideoMinutes: 0.31666666666666665 })).toEqual([]);
    expect(errorsOf(call, { ...observed, totalParticipants: 1.5 })).toContain('/totalParticipants must be integer');
    expect(errorsOf(call, { ...observed, initiatedAt: 1717412345.5 })).toContain('/initiatedAt must be integer');
  });

  it('checks formats strictly (an avatar that is not a URI is rejected)', () => {
    const participant = component('CallParticipant');
    expect(errorsOf(participant, { ...observed.participants[0], avatar: 'not a uri' })).toEqual([
      '/avatar must match format "uri"',
    ]);
    expect(() => new Ajv2020.default({ strict: true }).compile({ type: 'string', format: 'uri' })).toThrow(
      /unknown format/,
    );
  });
});

describe('what typed clients read', () => {
  const call = component('Call');
  const [observed] = records('CallInitiated');
  const schemas = ['Call', 'CallParticipant'].map((name) => [name, spec.components.schemas[name]] as const);
  const AFTER_2038 = 2 ** 31 + 60; // 2038-01-19T03:15:08Z, one minute past what 32 bits hold

  it('timestamps hold dates after 2038-01-19 and counts stay within 32 bits', () => {
    const participant = observed.participants[0];
    const timestamps = { initiatedAt: AFTER_2038, startedAt: AFTER_2038, endedAt: AFTER_2038 + 19 };
    const joined = { ...participant, joinedAt: AFTER_2038, leftAt: AFTER_2038 + 19 };
    expect(errorsOf(call, { ...observed, ...timestamps, participants: [joined] })).toEqual([]);
    expect(errorsOf(call, { ...observed, totalParticipants: 2 ** 31 })).toEqual([
      '/totalParticipants must match format "int32"',
    ]);
  });

  it('a record without the fields whose documented default is 0 is valid, and each says what absent means', () => {
    const defaulted = schemas.flatMap(([name, schema]) =>
      Object.entries<Json>(schema.properties)
        .filter(([, p]) => 'x-absent-means' in p)
        .map(([field, p]) => ({ name, field, p })),
    );
    expect(defaulted.map((d) => `${d.name}.${d.field}`)).toEqual(
      expect.arrayContaining([
        'Call.totalAudioMinutes',
        'Call.initiatedAt',
        'Call.totalParticipants',
        'CallParticipant.totalVideoMinutes',
      ]),
    );
    for (const { name, field, p } of defaulted) {
      expect(p, `${name}.${field}`).not.toHaveProperty('default');
      expect(p.description, `${name}.${field}`).toContain(`Absent means ${p['x-absent-means']}.`);
      expect(spec.components.schemas[name].required ?? [], `${name}.${field}`).not.toContain(field);
    }
    const drop = (record: Json, name: string) =>
      Object.fromEntries(
        Object.entries<Json>(record).filter(([key]) => !defaulted.some((d) => d.name === name && d.field === key)),
      );
    const bare = {
      ...drop(observed, 'Call'),
      participants: observed.participants.map((p: Json) => drop(p, 'CallParticipant')),
    };
    expect(bare).not.toHaveProperty('totalAudioMinutes');
    expect(errorsOf(call, bare)).toEqual([]);
  });

  it('keeps fields the platform adds beyond the documented ones', () => {
    const [recorded] = records('CallEndedWithRecording');
    for (const field of ['mid', 'startedAt', 'endedAt', 'hasTranscription', 'metaData', 'tags'])
      expect(recorded, field).toHaveProperty(field);
    for (const field of ['deviceId', 'joinedAt', 'leftAt', 'mid'])
      expect(recorded.participants[0], field).toHaveProperty(field);
    const unknown = {
      ...recorded,
      addedLater: { any: 'value' },
      participants: [{ ...recorded.participants[0], addedLater: 1 }],
    };
    expect(errorsOf(call, unknown)).toEqual([]);
    expect(errorsOf(component('ErrorBody'), { code: 'ERR_UNDOCUMENTED', message: 'kept' })).toEqual([]);
  });
});

describe('the participant state', () => {
  const participant = component('CallParticipant');
  const [observed] = records('CallInitiated');

  it('is optional', () => {
    expect(spec.components.schemas.CallParticipant.required).not.toContain('state');
    expect(errorsOf(participant, observed.participants[0])).toEqual([]);
  });

  it('is an enum of exactly ongoing, ended, unanswered and rejected, each explained', () => {
    const state = deref(spec.components.schemas.CallParticipant.properties.state);
    expect([...state.enum].sort()).toEqual(['ended', 'ongoing', 'rejected', 'unanswered']);
    for (const value of state.enum) expect(state.description).toContain(`\`${value}\``);
    expect(errorsOf(participant, { ...observed.participants[1], state: 'left' })).toEqual([
      '/state must be equal to one of the allowed values',
    ]);
  });
});

describe('descriptions', () => {
  const operations = Object.entries<Json>(spec.paths).flatMap(([path, item]) =>
    Object.entries<Json>(deref(item))
      .filter(([, op]) => op && typeof op === 'object' && 'responses' in op)
      .map(([method, op]) => ({ label: `${method.toUpperCase()} ${path}`, op, item: deref(item) })),
  );

  it('exist on every operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(5);
    expect(operations.filter(({ op }) => !op.description?.trim()).map((o) => o.label)).toEqual([]);
  });

  it('exist on every parameter', () => {
    const parameters = operations.flatMap(({ op, item }) =>
      [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref),
    );
    expect(parameters.length).toBeGreaterThanOrEqual(3);
    expect(parameters.filter((p) => !p.description?.trim()).map((p) => p.name)).toEqual([]);
  });

  it('exist on every schema property (its own, or the named schema it refers to)', () => {
    const missing: string[] = [];
    const walk = (where: string, schema: Json) => {
      if (!schema || typeof schema !== 'object') return;
      for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
        if (!(property.description ?? deref(property).description)?.trim()) missing.push(`${where}.${name}`);
      }
      // An `if` subschema is a condition on properties declared elsewhere, not a declaration.
      for (const [key, child] of Object.entries<Json>(schema))
        if (!['examples', 'example', 'if'].includes(key)) walk(`${where}/${key}`, child);
    };
    for (const [name, schema] of Object.entries<Json>(spec.components.schemas)) walk(name, schema);
    expect(missing).toEqual([]);
  });
});

describe('what the spec says, and what it shows', () => {
  /** Every `description` in the document, with where it is. */
  const descriptions = (node: Json, where = '#'): [string, string][] =>
    !node || typeof node !== 'object'
      ? []
      : Object.entries<Json>(node).flatMap(([key, value]) =>
          key === 'description' && typeof value === 'string'
            ? [[where, value] as [string, string]]
            : descriptions(value, `${where}/${key}`),
        );

  it('says what a schema means, not what generated clients or generators do with it', () => {
    const promises = descriptions(spec).filter(([, text]) =>
      /generated clients?|generators?\b|typed clients?/i.test(text),
    );
    expect(promises.map(([where]) => where)).toEqual([]);
  });

  /**
   * True when a reader sees an example for `schema`: its own, or one for each part. An enum and a
   * boolean list their values. (OpenAPI Generator 7.24 warns "Failed to get the schema name: null"
   * on a 3.1 boolean with `examples`, which fails the SDK build, so booleans carry none.)
   */
  function exemplified(schema: Json, seen = new Set<Json>()): boolean {
    const target = deref(schema);
    if (seen.has(target)) return true;
    seen.add(target);
    if (target.examples?.length || 'example' in target || target.enum || target.type === 'boolean') return true;
    if (target.type === 'array') return target.items !== undefined && exemplified(target.items, seen);
    const properties = Object.values<Json>(target.properties ?? {});
    return properties.length > 0 && properties.every((property) => exemplified(property, seen));
  }

  it("shows an example for every property of every schema (its own, its schema's, or one per field)", () => {
    const missing = Object.entries<Json>(spec.components.schemas).flatMap(([name, schema]) =>
      Object.entries<Json>(schema.properties ?? {})
        .filter(([, property]) => !exemplified(property))
        .map(([field]) => `${name}.${field}`),
    );
    expect(missing).toEqual([]);
    for (const open of ['CallRecording', 'CallParticipant', 'CallData', 'ErrorBody'])
      expect(spec.components.schemas[open].examples?.length, open).toBeGreaterThan(0);
  });

  it('shows an example for every response body, the undocumented ones included', () => {
    const missing = operationsOf(spec).flatMap(({ path, method, operation }) =>
      Object.entries<Json>(operation.responses).flatMap(([status, response]) =>
        Object.entries<Json>(deref(response).content ?? {})
          .filter(([, media]) => !media.example && !Object.keys(media.examples ?? {}).length)
          .map(([type]) => `${method.toUpperCase()} ${path} ${status} ${type}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('requires totalDuration, which the reference lists in every call record without a default', () => {
    const [observed] = records('CallInitiated');
    const { totalDuration: _dropped, ...withoutDuration } = observed;
    expect(spec.components.schemas.Call.required).toContain('totalDuration');
    expect(errorsOf(component('Call'), withoutDuration)).toEqual(["/ must have required property 'totalDuration'"]);
  });

  it('gives its reasons where the docs show them: the closed state enum, the 2XX/4XX responses without a body type', () => {
    expect(spec.components.schemas.ParticipantState.description).toMatch(/The set is closed/);
    for (const name of ['UndocumentedSuccess', 'UndocumentedError']) {
      const response = spec.components.responses[name];
      expect(response.description, name).toMatch(/range `[24]XX`/);
      expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/UndocumentedBody');
      expect(spec.components.schemas.UndocumentedBody).not.toHaveProperty('type');
    }
  });
});

describe('the onBehalfOf header', () => {
  it('is one shared header component, optional on Get Call and referenced wherever it is accepted', () => {
    const shared = spec.components.parameters.onBehalfOf;
    expect(shared).toMatchObject({ name: 'onBehalfOf', in: 'header', required: false });
    const getCall = spec.paths['/calls/{sessionId}'].get;
    expect(getCall.parameters).toContainEqual({ $ref: '#/components/parameters/onBehalfOf' });
    const inline = JSON.stringify(spec.paths).match(/"name":"onbehalfof"/gi) ?? [];
    expect(inline).toEqual([]);
  });
});

describe('resource areas', () => {
  // The reference's section 1 names nineteen resource areas.
  const areas = [
    'Users',
    'Auth tokens',
    'Groups',
    'Group members',
    'Messages',
    'Conversations',
    'Friends',
    'Blocked users',
    'Banned users',
    'Roles',
    'API keys',
    'Calls',
    'Role-based and scope-based access control',
    'Restrict features',
    'Notifications',
    'Moderation',
    'AI agents',
    'Data import',
    'Metrics',
  ];

  it('are all tags with a description', () => {
    expect(areas).toHaveLength(19);
    const tags = new Map<string, string>(spec.tags.map((t: Json) => [t.name, t.description]));
    for (const area of areas) expect(tags.get(area)?.trim(), area).toBeTruthy();
  });

  it('all appear in exactly one x-tagGroups group', () => {
    const grouped = spec['x-tagGroups'].flatMap((g: Json) => g.tags);
    for (const area of areas)
      expect(
        grouped.filter((t: string) => t === area),
        area,
      ).toHaveLength(1);
  });
});

describe('servers and regions', () => {
  const variablesOf = (server: Json) => server.variables ?? {};
  const allServers: Json[] = [
    ...spec.servers,
    ...Object.values<Json>(spec.paths).flatMap((item) => [
      ...(deref(item).servers ?? []),
      ...Object.values<Json>(deref(item)).flatMap((op) => op?.servers ?? []),
    ]),
  ];

  it('serve the Chat address at the root, the Calls address on /calls, the management address on /apps', () => {
    expect(spec.servers.map((s: Json) => s.url)).toEqual(['https://{appId}.api-{region}.{serviceDomain}/v3']);
    expect(spec.paths['/calls/{sessionId}'].servers.map((s: Json) => s.url)).toEqual([
      'https://{appId}.call-{region}.{serviceDomain}/v3',
    ]);
    const [management] = spec.paths['/apps'].servers;
    expect(management.url).toMatch(/^https:\/\/\{\w+\}$/);
    expect(Object.values<Json>(variablesOf(management)).map((v) => v.default)).toEqual(['apimgmt.cometchat.io']);
    for (const path of ['/users', '/users/{uid}/auth_tokens', '/messages'])
      expect(spec.paths[path].servers, path).toBeUndefined();
  });

  it('are HTTPS only', () => {
    expect(allServers.length).toBeGreaterThanOrEqual(3);
    expect(allServers.filter((s) => !s.url.startsWith('https://')).map((s) => s.url)).toEqual([]);
  });

  it('offer the regions us, eu and in on every per-app address, with the published service domain', () => {
    // Each address once, however many path items repeat its server (every Calls path does).
    const perApp = [...new Map(allServers.filter((s) => s.url.includes('{appId}')).map((s) => [s.url, s])).values()];
    expect(perApp).toHaveLength(2);
    for (const server of perApp) {
      const { appId, region, serviceDomain } = variablesOf(server);
      expect(appId?.description, server.url).toBeTruthy();
      expect(region.enum).toEqual(['us', 'eu', 'in']);
      expect(region.enum).toContain(region.default);
      expect(serviceDomain.default).toBe('cometchat.io');
    }
  });

  it('carry the version in the server URL, never in a path', () => {
    expect(Object.keys(spec.paths).filter((p) => /\/v\d+(\/|$)/.test(p))).toEqual([]);
  });
});

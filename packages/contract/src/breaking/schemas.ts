import { HTTP_METHODS, resolveRefAt } from '@chatplatform/spec';
import { deref, escapePointer, isObject, type OpenApiDocument } from '../read/spec-document.js';
import type { Finding } from './findings.js';

type Json = Record<string, unknown>;
interface OperationPair {
  where: string;
  before: Json;
  after: Json;
}

/** Schemas are followed this deep at most (a recursive schema ends there). */
const MAX_DEPTH = 32;

/**
 * Changes to request and response bodies that oasdiff 1.33 does not rate breaking:
 * - a request schema closed (`additionalProperties: false` or `unevaluatedProperties: false`
 *   where it was open), at any depth: requests carrying a property it does not name are refused;
 * - a media type a response declared (`application/json`) no longer declared for that status,
 *   or a request body no longer accepting one (compared without parameters, case-insensitively):
 *   clients send, ask for and parse that type. (oasdiff rates application/json →
 *   application/vnd.x+json INFO on a response and nothing on a request body.)
 */
export function bodyChanges(base: OpenApiDocument, revision: OpenApiDocument): Finding[] {
  const findings: Finding[] = [];
  for (const pair of operationsInBoth(base, revision)) {
    findings.push(
      ...closedRequests(base, revision, pair),
      ...lostRequestMediaTypes(base, revision, pair),
      ...lostMediaTypes(base, revision, pair),
    );
  }
  return findings;
}

function closedRequests(base: OpenApiDocument, revision: OpenApiDocument, { where, before, after }: OperationPair) {
  const body = (doc: OpenApiDocument, op: Json) =>
    op.requestBody === undefined ? undefined : deref(doc, op.requestBody, `${where} requestBody`).value;
  const bodyBefore = body(base, before);
  const bodyAfter = body(revision, after);
  const contentBefore = isObject(bodyBefore?.content) ? bodyBefore.content : {};
  const contentAfter = isObject(bodyAfter?.content) ? bodyAfter.content : {};
  const closed: string[] = [];
  for (const [type, media] of Object.entries(contentBefore)) {
    const revised = contentAfter[type];
    if (isObject(media) && isObject(revised))
      closed.push(...closedPlaces(base, revision, media.schema, revised.schema, 'the request body', 0));
  }
  return closed.map(
    (place): Finding => ({
      id: 'request-body-closed',
      rating: 'breaking',
      checkedBy: 'contract',
      where,
      text: `${place} no longer accepts properties it does not name (additionalProperties or unevaluatedProperties is now false)`,
      why: 'a request carrying a property the schema does not name was accepted and is now refused',
    }),
  );
}

/** Where a schema open in `base` is closed in `revision`, following properties and items. */
function closedPlaces(
  base: OpenApiDocument,
  revision: OpenApiDocument,
  before: unknown,
  after: unknown,
  place: string,
  depth: number,
): string[] {
  const a = resolveSchema(base, before);
  const b = resolveSchema(revision, after);
  if (!a || !b || depth > MAX_DEPTH) return [];
  const isClosed = (s: Json) => s.additionalProperties === false || s.unevaluatedProperties === false;
  const found = !isClosed(a) && isClosed(b) ? [place] : [];
  const propsA = isObject(a.properties) ? a.properties : {};
  const propsB = isObject(b.properties) ? b.properties : {};
  for (const [name, schema] of Object.entries(propsA)) {
    if (name in propsB)
      found.push(...closedPlaces(base, revision, schema, propsB[name], `${place}'s property \`${name}\``, depth + 1));
  }
  if (a.items !== undefined && b.items !== undefined)
    found.push(...closedPlaces(base, revision, a.items, b.items, `the items of ${place}`, depth + 1));
  return found;
}

/** The schema a `$ref` chain ends at; undefined when it leaves the document, loops or ends nowhere. */
function resolveSchema(doc: OpenApiDocument, schema: unknown): Json | undefined {
  try {
    const { value } = resolveRefAt(doc, schema);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function lostRequestMediaTypes(
  base: OpenApiDocument,
  revision: OpenApiDocument,
  { where, before, after }: OperationPair,
) {
  if (before.requestBody === undefined || after.requestBody === undefined) return []; // oasdiff's finding
  const typesBefore = mediaTypes(base, before.requestBody, `${where} requestBody`);
  const typesAfter = mediaTypes(revision, after.requestBody, `${where} requestBody`);
  const lost = [...typesBefore.keys()].filter((type) => !typesAfter.has(type));
  if (lost.length === 0) return [];
  return [
    {
      id: 'request-media-type-changed',
      rating: 'breaking',
      checkedBy: 'contract',
      where,
      text: `the request body is no longer accepted as ${lost.map((t) => typesBefore.get(t)).join(', ')}; it is now ${[...typesAfter.values()].join(', ') || 'no media type'}`,
      why: 'clients send the body with the Content-Type they were built for, which the API would now refuse',
    } satisfies Finding,
  ];
}

function lostMediaTypes(base: OpenApiDocument, revision: OpenApiDocument, { where, before, after }: OperationPair) {
  const findings: Finding[] = [];
  const responsesBefore = isObject(before.responses) ? before.responses : {};
  const responsesAfter = isObject(after.responses) ? after.responses : {};
  for (const [status, response] of Object.entries(responsesBefore)) {
    if (responsesAfter[status] === undefined) continue; // a removed response is oasdiff's finding
    const typesBefore = mediaTypes(base, response, `${where} ${status}`);
    const typesAfter = mediaTypes(revision, responsesAfter[status], `${where} ${status}`);
    const lost = [...typesBefore.keys()].filter((type) => !typesAfter.has(type));
    if (lost.length === 0) continue;
    const now = typesAfter.size > 0 ? [...typesAfter.values()].join(', ') : 'no body';
    findings.push({
      id: 'response-media-type-changed',
      rating: 'breaking',
      checkedBy: 'contract',
      where,
      text: `the ${status} response is no longer ${lost.map((t) => typesBefore.get(t)).join(', ')}; it is now ${now}`,
      why: 'clients ask for and parse the media type they were built for: a server that answers another one, or refuses their Accept header, breaks them',
    });
  }
  return findings;
}

/** A response's or request body's media types: normalized (lower-case, no parameters) → as written. */
function mediaTypes(doc: OpenApiDocument, response: unknown, where: string): Map<string, string> {
  const content = deref(doc, response, where).value.content;
  const types = new Map<string, string>();
  for (const type of Object.keys(isObject(content) ? content : {}))
    types.set(type.split(';')[0]!.trim().toLowerCase(), type);
  return types;
}

function* operationsInBoth(base: OpenApiDocument, revision: OpenApiDocument): Generator<OperationPair> {
  for (const [path, item] of Object.entries(base.paths ?? {})) {
    const revisedItem = revision.paths?.[path];
    for (const method of HTTP_METHODS) {
      const before = isObject(item) ? item[method] : undefined;
      const after = isObject(revisedItem) ? revisedItem[method] : undefined;
      if (isObject(before) && isObject(after)) yield { where: `${method.toUpperCase()} ${path}`, before, after };
    }
  }
}

/**
 * Component schemas that left the revision. Generated clients make a model type of each (the
 * name of the schema is the name of the type), so code that names one no longer compiles; on
 * the wire nothing changes unless an operation's body changed too, which the other comparisons
 * report. A schema removed while one with the same content was added is a rename.
 */
export function schemaNameChanges(base: OpenApiDocument, revision: OpenApiDocument): Finding[] {
  const schemasBefore = base.components?.schemas ?? {};
  const schemasAfter = revision.components?.schemas ?? {};
  const removed = Object.keys(schemasBefore).filter((name) => !(name in schemasAfter));
  const added = Object.keys(schemasAfter).filter((name) => !(name in schemasBefore));
  const moved = new Set([...removed, ...added]);
  const refsBefore = schemaRefs(base);
  const refsAfter = schemaRefs(revision);
  return removed.map((name): Finding => {
    const same = added.find((candidate) => shape(schemasAfter[candidate], moved) === shape(schemasBefore[name], moved));
    const inItsPlace = [...refsBefore].find(([at, ref]) => ref === name && added.includes(refsAfter.get(at) ?? ''));
    const twin = same ?? (inItsPlace && refsAfter.get(inItsPlace[0]));
    return {
      id: twin ? 'schema-renamed' : 'schema-removed',
      rating: 'generated-code',
      checkedBy: 'contract',
      where: `components.schemas.${name}`,
      text: same
        ? `the schema ${name} is now ${same}, with the same content: nothing changes on the wire`
        : twin
          ? `the schema ${name} is now ${twin}, referenced where it was (a change of its content is reported on its own)`
          : `the schema ${name} was removed`,
      why: `generated clients name their model type after the schema: code that names ${name} no longer compiles against a client generated from the revision (${twin ? `rename it to ${twin}` : 'it uses the type that replaces it'})`,
    };
  });
}

/** Where the document refers to a component schema (JSON Pointer → schema name). */
function schemaRefs(doc: OpenApiDocument): Map<string, string> {
  const refs = new Map<string, string>();
  const walk = (node: unknown, at: string) => {
    if (!isObject(node) && !Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/'))
        refs.set(at, value.slice('#/components/schemas/'.length));
      else walk(value, `${at}/${escapePointer(key)}`);
    }
  };
  walk(doc.paths, '/paths');
  return refs;
}

/** A schema's content as text, with references to renamed or removed schemas made equal. */
function shape(schema: unknown, moved: Set<string>): string {
  return JSON.stringify(schema, (key, value) =>
    key === '$ref' && typeof value === 'string' && moved.has(value.replace('#/components/schemas/', ''))
      ? '#/components/schemas/*'
      : value,
  );
}

/**
 * The document as oasdiff should read it: each path item's `parameters` copied into its
 * operations (an operation's own parameter of the same name and location wins, as OpenAPI says).
 * oasdiff 1.33 compares path-level parameters only as components and reports no change of them
 * (a path parameter's minLength 1 → 10 passes).
 */
export function withOperationParameters(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc);
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    if (!isObject(item) || !Array.isArray(item.parameters)) continue;
    const shared = item.parameters as unknown[];
    const key = (parameter: unknown) => {
      const { value } = deref(copy, parameter, `${path} parameters`);
      return `${String(value.in)} ${String(value.name)}`;
    };
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? (operation.parameters as unknown[]) : [];
      const ownKeys = new Set(own.map(key));
      operation.parameters = [...own, ...shared.filter((parameter) => !ownKeys.has(key(parameter)))];
    }
    delete item.parameters;
  }
  return copy;
}

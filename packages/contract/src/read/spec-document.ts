import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bundledSpecPath, HTTP_METHODS, resolveRefAt } from '@chatplatform/spec';
import { SpecInputError } from '../errors.js';

/** The parts of an OpenAPI 3.1 document this package reads; everything else passes through untyped. */
export interface OpenApiDocument {
  openapi: string;
  info: { title?: string; version: string };
  servers?: ServerObject[];
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  security?: SecurityRequirement[];
  [key: string]: unknown;
}
export interface ServerObject {
  url: string;
  variables?: Record<string, { default: string; enum?: string[] }>;
}
export type SecurityRequirement = Record<string, string[]>;

const require = createRequire(import.meta.url);

/**
 * yaml's parser, loaded when a YAML document is read: the bundled spec is JSON, so most runs never
 * load it (~30 ms).
 */
const parseYaml = (text: string): unknown => (require('yaml') as typeof import('yaml')).parse(text);

/** Path of the bundled spec published by @chatplatform/spec (built by its `bundle` task). */
export { bundledSpecPath } from '@chatplatform/spec';

/** Reads an OpenAPI document (JSON or YAML); defaults to the bundled spec. */
export function loadSpec(path: string = bundledSpecPath()): OpenApiDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SpecInputError(
      `cannot read the OpenAPI document ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}. ` +
        'Build the bundled spec first (pnpm build), or pass --spec with an existing file.',
    );
  }
  let doc: unknown;
  try {
    doc = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new SpecInputError(`the OpenAPI document ${path} is not valid JSON/YAML: ${(error as Error).message}`);
  }
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !String(doc.openapi).startsWith('3.')) {
    throw new SpecInputError(`${path} is not an OpenAPI 3.x document (no "openapi: 3.x" field).`);
  }
  const problem = shapeProblem(doc);
  if (problem) {
    throw new SpecInputError(
      `${path} is not a valid OpenAPI 3.x document: ${problem}. Fix it (redocly lint shows every problem), or pass another --spec.`,
    );
  }
  return doc as unknown as OpenApiDocument;
}

/** The first place where the document's shape is not what OpenAPI 3.x requires and this package reads. */
function shapeProblem(doc: Record<string, unknown>): string | undefined {
  if (!isObject(doc.info) || typeof doc.info.version !== 'string') return 'info.version must be a string';
  if (doc.paths !== undefined && !isObject(doc.paths)) return 'paths must be an object';
  if (doc.servers !== undefined && !isListOf(doc.servers, (server) => typeof server.url === 'string')) {
    return 'servers must be a list of objects with a url';
  }
  if (doc.security !== undefined && !isSecurity(doc.security))
    return 'security must be a list of {scheme: [roles]} objects';
  const schemes = isObject(doc.components) ? doc.components.securitySchemes : undefined;
  if (schemes !== undefined && !(isObject(schemes) && Object.values(schemes).every((scheme) => isObject(scheme)))) {
    return 'components.securitySchemes must be an object of scheme objects';
  }
  for (const [template, pathItem] of Object.entries(doc.paths ?? {})) {
    if (!isObject(pathItem)) return `paths["${template}"] must be an object`;
    for (const method of HTTP_METHODS) {
      const problem = operationProblem(pathItem[method]);
      if (problem) return `paths["${template}"].${method}${problem}`;
    }
  }
  return undefined;
}

function operationProblem(operation: unknown): string | undefined {
  if (operation === undefined) return undefined;
  if (!isObject(operation)) return ' must be an object';
  if (operation.security !== undefined && !isSecurity(operation.security))
    return '.security must be a list of {scheme: [roles]} objects';
  if (operation.parameters !== undefined && !isListOf(operation.parameters, () => true))
    return '.parameters must be a list of objects';
  if (operation.responses !== undefined && !isObject(operation.responses)) return '.responses must be an object';
  return undefined;
}

function isSecurity(value: unknown): boolean {
  return isListOf(value, (requirement) => Object.values(requirement).every(Array.isArray));
}

function isListOf(value: unknown, check: (item: Record<string, unknown>) => boolean): boolean {
  return Array.isArray(value) && value.every((item) => isObject(item) && check(item));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON Pointer token (RFC 6901). */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Follows local `$ref`s of non-schema objects (parameters, responses, request bodies, headers,
 * security schemes) with the spec package's resolver, and returns the object with its document
 * pointer, so that schemas inside it can be compiled by reference.
 */
export function deref(
  doc: OpenApiDocument,
  value: unknown,
  pointer: string,
): { value: Record<string, unknown>; pointer: string } {
  let found: { value: unknown; pointer: string };
  try {
    found = resolveRefAt(doc, value, pointer);
  } catch (error) {
    throw new SpecInputError((error as Error).message);
  }
  if (!isObject(found.value)) throw new SpecInputError(`${found.pointer}: expected an object in the spec`);
  return { value: found.value, pointer: found.pointer };
}

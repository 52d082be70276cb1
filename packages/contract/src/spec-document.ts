import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parse as parseYaml } from 'yaml';

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

/** Path of the bundled spec published by @chatplatform/spec (built by its `bundle` task). */
export function bundledSpecPath(format: 'json' | 'yaml' = 'json'): string {
  try {
    return require.resolve(`@chatplatform/spec/openapi.${format}`);
  } catch (error) {
    // Node refuses to resolve an exported file that does not exist yet: say how to build it.
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      `the bundled spec (@chatplatform/spec/openapi.${format}) is not built: run pnpm build at the repository root, or name another OpenAPI document.`,
    );
  }
}

/** Directory of the @chatplatform/spec package (its hand-written sources and redocly.yaml). */
export function specPackageDir(): string {
  return dirname(require.resolve('@chatplatform/spec/package.json'));
}

/** Reads an OpenAPI document (JSON or YAML); defaults to the bundled spec. */
export function loadSpec(path: string = bundledSpecPath()): OpenApiDocument {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(
      `cannot read the OpenAPI document ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}. ` +
        'Build the bundled spec first (pnpm build), or pass --spec with an existing file.',
    );
  }
  let doc: unknown;
  try {
    doc = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new Error(`the OpenAPI document ${path} is not valid JSON/YAML: ${(error as Error).message}`);
  }
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !String(doc.openapi).startsWith('3.')) {
    throw new Error(`${path} is not an OpenAPI 3.x document (no "openapi: 3.x" field).`);
  }
  return checkOpenApiDocument(doc, path);
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Refuses, up front, a document whose structure the validator relies on is wrong (paths, path
 * items, operations, parameters, responses, security requirements and schemes), naming the place.
 */
export function checkOpenApiDocument(doc: unknown, name = 'the OpenAPI document'): OpenApiDocument {
  const problem = structureProblem(doc);
  if (problem) throw new Error(`${name} is not a valid OpenAPI 3.x document: ${problem}. Fix it (redocly lint shows every problem) or pass another --spec.`);
  return doc as OpenApiDocument;
}

function structureProblem(doc: unknown): string | undefined {
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !/^3\.\d+/.test(doc.openapi)) return 'no "openapi: 3.x" field';
  if (!isObject(doc.info) || (typeof doc.info.version !== 'string' && typeof doc.info.version !== 'number')) return '#/info must be an object with a version';
  const security = securityProblem(doc.security, '#/security');
  if (security) return security;
  if (doc.paths !== undefined && !isObject(doc.paths)) return '#/paths must be an object of path → path item';
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const problem = pathItemProblem(path, item);
    if (problem) return problem;
  }
  const schemes = isObject(doc.components) ? doc.components.securitySchemes : undefined;
  if (schemes !== undefined && !isObject(schemes)) return '#/components/securitySchemes must be an object';
  for (const [name, scheme] of Object.entries(schemes ?? {})) {
    if (!isObject(scheme) || (scheme.$ref === undefined && typeof scheme.type !== 'string')) return `#/components/securitySchemes/${escapePointer(name)} must be an object with a type`;
  }
  return undefined;
}

function pathItemProblem(path: string, item: unknown): string | undefined {
  const at = `#/paths/${escapePointer(path)}`;
  if (!path.startsWith('/')) return `${at}: a path must start with "/"`;
  if (!isObject(item)) return `${at} must be a path item object`;
  if (item.parameters !== undefined && !Array.isArray(item.parameters)) return `${at}/parameters must be an array`;
  for (const method of METHODS) {
    const operation = item[method];
    if (operation === undefined) continue;
    if (!isObject(operation)) return `${at}/${method} must be an operation object`;
    if (operation.parameters !== undefined && !Array.isArray(operation.parameters)) return `${at}/${method}/parameters must be an array`;
    if (operation.responses !== undefined && !isObject(operation.responses)) return `${at}/${method}/responses must be an object of status → response`;
    const security = securityProblem(operation.security, `${at}/${method}/security`);
    if (security) return security;
  }
  return undefined;
}

function securityProblem(security: unknown, at: string): string | undefined {
  if (security === undefined) return undefined;
  const valid = Array.isArray(security) && security.every((r) => isObject(r) && Object.values(r).every(Array.isArray));
  return valid ? undefined : `${at} must be an array of security requirements ({scheme: [scopes]})`;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON Pointer token (RFC 6901). */
export function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Value at a JSON Pointer ('' is the document itself). */
export function atPointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let node: unknown = doc;
  for (const token of pointer.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[unescapePointer(token)];
  }
  return node;
}

/**
 * Follows local `$ref`s (`#/components/...`) of non-schema objects (parameters, responses,
 * request bodies, headers, security schemes) and returns the object with its document pointer,
 * so that schemas inside it can be compiled by reference.
 */
export function deref(doc: OpenApiDocument, value: unknown, pointer: string): { value: Record<string, unknown>; pointer: string } {
  const seen = new Set<string>();
  let current = value;
  let at = pointer;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#')) throw new Error(`${at}: only local $refs are supported (found ${ref}); validate a bundled spec`);
    if (seen.has(ref)) throw new Error(`${at}: circular $ref ${ref}`);
    seen.add(ref);
    at = decodeURIComponent(ref.slice(1));
    current = atPointer(doc, at);
    if (current === undefined) throw new Error(`${pointer}: $ref ${ref} points nowhere in the spec`);
  }
  if (!isObject(current)) throw new Error(`${at}: expected an object in the spec`);
  return { value: current, pointer: at };
}

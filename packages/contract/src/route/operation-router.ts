import { HTTP_METHODS } from '@chatplatform/spec';
import { escapePointer, isObject, type OpenApiDocument, type ServerObject } from '../read/spec-document.js';

/** One operation of the spec, addressed by its document pointer. */
export interface OperationRef {
  method: string;
  pathTemplate: string;
  operationId: string;
  /** JSON Pointer of the operation object, e.g. `/paths/~1calls~1{sessionId}/get`. */
  pointer: string;
  pathItemPointer: string;
  /** The servers that apply to it: its own, else its path item's, else the document's. */
  servers: ServerObject[];
}

export type RouteMatch =
  | { kind: 'operation'; operation: OperationRef; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; pathTemplate: string; allowed: string[] }
  | { kind: 'unknown-path'; hint?: string };

interface Route {
  pathTemplate: string;
  /** The template alone, anchored: `^/calls/([^/]+)$`. */
  regex: RegExp;
  paramNames: string[];
  /** The base paths (regex sources) of the servers that apply to it; `''`: none. */
  basePaths: Set<string>;
  operations: Map<string, OperationRef>;
  templatedSegments: number;
  /** Its place in the document: the tie-break between routes as specific as each other. */
  order: number;
}

/** A server base path: its regex source, and how long a match of it at the start of a path is (-1: none). */
interface BasePath {
  source: string;
  length: (path: string) => number;
}

/** The bucket of routes whose first segment is templated. */
const TEMPLATED = '\u0000';

type Found = { route: Route; found: RegExpExecArray };

/**
 * Matches a recorded request (method + URL) to its operation: the host is left to the server check
 * (server-origins.ts), the base path of any server that applies to the path (operation, path-item
 * or root `servers`) is stripped, and concrete paths win over templated ones, as OpenAPI requires:
 * of the templates that match, the one with fewest templated segments, then the first in the
 * document. Routes are indexed by their number of segments and first segment, so a match tries
 * the few routes that could fit rather than every route (and hashes no more than a segment).
 */
export class OperationRouter {
  private readonly basePaths: BasePath[];
  /** Routes by segment count, then first segment ({@link TEMPLATED} when it is templated), fewest templated first. */
  private readonly index = new Map<number, Map<string, Route[]>>();

  constructor(doc: OpenApiDocument) {
    const bases = new Set<string>();
    let order = 0;
    for (const [pathTemplate, pathItem] of Object.entries(doc.paths ?? {})) {
      const route = isObject(pathItem) ? buildRoute(doc, pathTemplate, pathItem, order++) : undefined;
      if (!route) continue;
      for (const base of route.basePaths) bases.add(base);
      this.add(route);
    }
    for (const byFirst of this.index.values()) for (const bucket of byFirst.values()) bucket.sort(bySpecificity);
    this.basePaths = [...bases].map(basePath);
  }

  private add(route: Route): void {
    const count = segmentCount(route.pathTemplate);
    const first = route.pathTemplate.split('/')[1] ?? '';
    const key = first.includes('{') ? TEMPLATED : first;
    const byFirst = this.index.get(count) ?? new Map<string, Route[]>();
    this.index.set(count, byFirst);
    byFirst.set(key, [...(byFirst.get(key) ?? []), route]);
  }

  match(method: string, pathname: string): RouteMatch {
    let best: Found | undefined;
    for (const base of this.basePaths) {
      const length = base.length(pathname);
      if (length < 0) continue;
      const found = this.find(pathname.slice(length), base.source);
      if (found && (!best || bySpecificity(found.route, best.route) < 0)) best = found;
    }
    if (!best) return this.miss(pathname);
    const { route, found } = best;
    const operation = route.operations.get(method.toUpperCase());
    if (!operation)
      return { kind: 'method-not-allowed', pathTemplate: route.pathTemplate, allowed: [...route.operations.keys()] };
    const pathParams: Record<string, string> = {};
    for (let i = 0; i < route.paramNames.length; i++) pathParams[route.paramNames[i]!] = safeDecode(found[i + 1] ?? '');
    return { kind: 'operation', operation, pathParams };
  }

  /** The most specific route served under `base` (any, when undefined) matching `path`, the part after the base path. */
  private find(path: string, base: string | undefined): Found | undefined {
    // One trailing slash is allowed (`/calls/abc/`).
    const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path === '' ? '/' : path;
    const byFirst = this.index.get(segmentCount(bare));
    if (!byFirst) return undefined;
    const end = bare.indexOf('/', 1);
    const first = bare.slice(1, end === -1 ? bare.length : end);
    const best = firstMatch(byFirst.get(first), bare, base);
    return firstMatch(byFirst.get(TEMPLATED), bare, base, best?.route) ?? best;
  }

  /** An unknown path, with a hint when it is a path of the spec without its server base path. */
  private miss(pathname: string): RouteMatch {
    const bare = this.find(pathname, undefined)?.route;
    if (!bare) return { kind: 'unknown-path' };
    const bases = [...bare.basePaths].map((b) => (b === '' ? '(none)' : b.replace(/\\/g, ''))).join(', ');
    return { kind: 'unknown-path', hint: `looks like ${bare.pathTemplate} without its server base path ${bases}` };
  }
}

/** The first route of `bucket` (sorted) under `base` that matches `path` and is more specific than `than`. */
function firstMatch(bucket: Route[] | undefined, path: string, base: string | undefined, than?: Route) {
  if (!bucket) return undefined;
  for (let i = 0; i < bucket.length; i++) {
    const route = bucket[i]!;
    if (than && bySpecificity(than, route) < 0) return undefined;
    if (base !== undefined && !route.basePaths.has(base)) continue;
    const found = route.regex.exec(path);
    if (found) return { route, found };
  }
  return undefined;
}

/** A path's number of segments, without splitting it. */
function segmentCount(path: string): number {
  let count = 0;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) count++;
  return count;
}

/** A base path's matcher: a prefix test when it holds no server variable, else its regex. */
function basePath(source: string): BasePath {
  const plain = source.replace(/\\\./g, '.');
  if (/^[\w\-./~%]*$/.test(plain)) {
    const boundary = (path: string) => path.length === plain.length || path.charCodeAt(plain.length) === 0x2f;
    return { source, length: (path) => (path.startsWith(plain) && boundary(path) ? plain.length : -1) };
  }
  const regex = new RegExp(`^(?:${source})(?=/|$)`);
  return { source, length: (path) => regex.exec(path)?.[0].length ?? -1 };
}

/** Fewest templated segments first, then document order. */
function bySpecificity(a: Route, b: Route): number {
  return a.templatedSegments - b.templatedSegments || a.order - b.order;
}

function buildRoute(
  doc: OpenApiDocument,
  pathTemplate: string,
  pathItem: Record<string, unknown>,
  order: number,
): Route | undefined {
  const pathItemPointer = `/paths/${escapePointer(pathTemplate)}`;
  const operations = new Map<string, OperationRef>();
  const basePaths = new Set<string>();
  for (const method of HTTP_METHODS) {
    const operation = pathItem[method];
    if (!isObject(operation)) continue;
    const servers = (operation.servers ?? pathItem.servers ?? doc.servers ?? [{ url: '/' }]) as ServerObject[];
    for (const server of servers) basePaths.add(serverBasePathPattern(server));
    operations.set(method.toUpperCase(), {
      method: method.toUpperCase(),
      pathTemplate,
      operationId:
        typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${pathTemplate}`,
      pointer: `${pathItemPointer}/${method}`,
      pathItemPointer,
      servers,
    });
  }
  if (operations.size === 0) return undefined;
  const { pattern, paramNames } = templatePattern(pathTemplate);
  return {
    pathTemplate,
    regex: new RegExp(`^${pattern}$`),
    paramNames,
    basePaths,
    operations,
    templatedSegments: paramNames.length,
    order,
  };
}

/**
 * Regex source for the path part of a server URL (`https://{appId}.call-{region}.x/v3` → `/v3`),
 * with server variables matching their enum or one path segment.
 */
export function serverBasePathPattern(server: ServerObject): string {
  const withoutOrigin = server.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return serverPartPattern(server, withoutOrigin.replace(/\/+$/, ''), () => '[^/]+');
}

/** Regex source of part of a server's URL: each `{variable}` matches its enum, else `free(variable)`. */
export function serverPartPattern(server: ServerObject, part: string, free: (variable: string) => string): string {
  return part
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const variable = /^\{([^}]+)\}$/.exec(piece)?.[1];
      if (variable === undefined) return escapeRegex(piece);
      const values = server.variables?.[variable]?.enum;
      return values ? `(?:${values.map(escapeRegex).join('|')})` : free(variable);
    })
    .join('');
}

function templatePattern(template: string): { pattern: string; paramNames: string[] } {
  const paramNames: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegex(part);
      paramNames.push(name);
      return '([^/]+)';
    })
    .join('');
  return { pattern, paramNames };
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function safeDecode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

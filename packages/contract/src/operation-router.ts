import { HTTP_METHODS } from '@chatplatform/spec';
import { escapePointer, isObject, type OpenApiDocument, type ServerObject } from './spec-document.js';

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
  regex: RegExp;
  /** Same template without any server base path, only used to explain a miss. */
  bareRegex: RegExp;
  paramNames: string[];
  basePaths: string[];
  operations: Map<string, OperationRef>;
  templatedSegments: number;
}

/**
 * Matches a recorded request (method + URL) to its operation: the host is left to the server check
 * (server-origins.ts), the base path of any server that applies to the path (operation, path-item
 * or root `servers`) is stripped, and concrete paths win over templated ones, as OpenAPI requires.
 */
export class OperationRouter {
  private readonly routes: Route[] = [];

  constructor(doc: OpenApiDocument) {
    for (const [pathTemplate, pathItem] of Object.entries(doc.paths ?? {})) {
      if (!isObject(pathItem)) continue;
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
            typeof operation.operationId === 'string'
              ? operation.operationId
              : `${method.toUpperCase()} ${pathTemplate}`,
          pointer: `${pathItemPointer}/${method}`,
          pathItemPointer,
          servers,
        });
      }
      if (operations.size === 0) continue;
      const { pattern, paramNames } = templatePattern(pathTemplate);
      const bases = [...basePaths];
      this.routes.push({
        pathTemplate,
        regex: new RegExp(`^(?:${bases.join('|')})${pattern}/?$`),
        bareRegex: new RegExp(`^${pattern}/?$`),
        paramNames,
        basePaths: bases,
        operations,
        templatedSegments: paramNames.length,
      });
    }
    this.routes.sort((a, b) => a.templatedSegments - b.templatedSegments);
  }

  match(method: string, pathname: string): RouteMatch {
    for (const route of this.routes) {
      const found = route.regex.exec(pathname);
      if (!found) continue;
      const operation = route.operations.get(upperCaseMethod(method));
      if (!operation)
        return { kind: 'method-not-allowed', pathTemplate: route.pathTemplate, allowed: [...route.operations.keys()] };
      const pathParams: Record<string, string> = {};
      for (let i = 0; i < route.paramNames.length; i++)
        pathParams[route.paramNames[i]!] = safeDecode(found[i + 1] ?? '');
      return { kind: 'operation', operation, pathParams };
    }
    const bare = this.routes.find((route) => route.bareRegex.test(pathname));
    if (bare) {
      const bases = bare.basePaths.map((b) => (b === '' ? '(none)' : b.replace(/\\/g, ''))).join(', ');
      return { kind: 'unknown-path', hint: `looks like ${bare.pathTemplate} without its server base path ${bases}` };
    }
    return { kind: 'unknown-path' };
  }
}

/**
 * The method upper-cased. The usual ones, as recorded, come back as this module's constants:
 * no new string per exchange, and a string whose hash is known when it is looked up.
 */
export function upperCaseMethod(method: string): string {
  switch (method) {
    case 'GET':
      return 'GET';
    case 'POST':
      return 'POST';
    case 'PUT':
      return 'PUT';
    case 'PATCH':
      return 'PATCH';
    case 'DELETE':
      return 'DELETE';
    default:
      return method.toUpperCase();
  }
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

import { HTTP_METHODS } from '@chatplatform/spec';

type Json = Record<string, unknown>;
interface Server {
  url: string;
}

/** The path part of a server URL (`/v3` for `https://{appId}.api-{region}.{serviceDomain}/v3`). */
export function serverBasePath(serverUrl: string): string {
  const path = new URL(serverUrl.replace(/\{[^}]+\}/g, 'x'), 'http://x').pathname;
  return path.replace(/\/+$/, '');
}

/**
 * A copy of the document in which each path carries its server's base path (`/calls/{sessionId}`
 * under `https://…/v3` becomes `/v3/calls/{sessionId}`), and no server is left: Prism ignores base
 * paths, so this is what lets it answer a production URL with only the origin swapped.
 */
export function foldServerPaths(document: Json): Json {
  const rootServers = (document.servers as Server[] | undefined) ?? [{ url: '/' }];
  const folded: Json = {};
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const [basePath, pathItem] of splitByBasePath(item, rootServers)) {
      const key = basePath + path;
      if (folded[key]) throw new Error(`Two operations of the spec map to the same mock path ${key}.`);
      folded[key] = pathItem;
    }
  }
  const { servers: _servers, ...rest } = document;
  return { ...rest, paths: folded };
}

/** Groups a path item's operations by the base path of the servers each one is served from. */
function splitByBasePath(item: Json, rootServers: Server[]): Map<string, Json> {
  const { servers: pathServers, ...shared } = item as Json & { servers?: Server[] };
  const byBase = new Map<string, Json>();
  const common = Object.fromEntries(Object.entries(shared).filter(([key]) => !isMethod(key)));
  for (const method of HTTP_METHODS) {
    const operation = item[method] as (Json & { servers?: Server[] }) | undefined;
    if (!operation) continue;
    const { servers: operationServers, ...rest } = operation;
    for (const base of new Set((operationServers ?? pathServers ?? rootServers).map((s) => serverBasePath(s.url)))) {
      const pathItem = byBase.get(base) ?? { ...common };
      pathItem[method] = rest;
      byBase.set(base, pathItem);
    }
  }
  return byBase;
}

function isMethod(key: string): boolean {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

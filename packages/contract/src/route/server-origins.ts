import { HTTP_METHODS } from '@chatplatform/spec';
import { DEFAULT_PORTS, originOf } from '../read/exchange.js';
import { isObject, type OpenApiDocument, type ServerObject } from '../read/spec-document.js';
import { escapeRegex, serverPartPattern } from './operation-router.js';

/** The origins one operation may be sent to, from its servers, and how a report names them. */
export interface OperationOrigins {
  pattern: RegExp;
  expected: string;
}

/**
 * Tells a request sent to the wrong one of the spec's servers (Get Call to the chat host, or over
 * http) from one sent to a host no server of the spec names (a mock, a staging host, a proxy):
 * that one is not checked, or traffic recorded against a mock would fail as a whole.
 */
export class ServerOrigins {
  /** The host of any server of the spec (no scheme, no port). */
  private readonly specHosts: RegExp | undefined;

  constructor(doc: OpenApiDocument) {
    const hosts = allServers(doc)
      .map((server) => originParts(server)?.host)
      .filter((host) => host !== undefined);
    this.specHosts = hosts.length > 0 ? new RegExp(`^(?:${[...new Set(hosts)].join('|')})$`, 'i') : undefined;
  }

  /** The origins of `servers`; undefined when none names a host (a relative server URL). */
  forOperation(servers: ServerObject[]): OperationOrigins | undefined {
    const origins = servers.map(originParts).filter((parts) => parts !== undefined);
    if (origins.length === 0) return undefined;
    const patterns = origins.map(({ scheme, host, port }) => `${scheme}://${host}${port}`);
    return {
      pattern: new RegExp(`^(?:${patterns.join('|')})$`, 'i'),
      expected: `a request to ${origins.map((o) => o.template).join(' or ')}`,
    };
  }

  /**
   * The origin of `url` when it is a host of the spec's servers but none of `origins` (as the
   * report shows it: lower-cased, no user info, no path); undefined when it is one of them,
   * relative, or a host the spec does not name.
   */
  misdirected(origins: OperationOrigins, url: string): string | undefined {
    const origin = originOf(url);
    if (origin === '') return undefined;
    const host = origin.slice(origin.indexOf('://') + 3).replace(/:\d+$/, '');
    return origins.pattern.test(origin) || !this.specHosts?.test(host) ? undefined : origin;
  }
}

/** Every server object of the document: root, path items' and operations'. */
function allServers(doc: OpenApiDocument): ServerObject[] {
  const servers = [...(doc.servers ?? [])];
  for (const pathItem of Object.values(doc.paths ?? {})) {
    if (!isObject(pathItem)) continue;
    servers.push(...((pathItem.servers ?? []) as ServerObject[]));
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) servers.push(...((operation.servers ?? []) as ServerObject[]));
    }
  }
  return servers;
}

/** A server URL's scheme, host and port as regex sources, and its origin as written; undefined when it is relative. */
function originParts(server: ServerObject) {
  // The host is a name, or an IPv6 literal in brackets.
  const found = /^([a-z][a-z\d+.-]*):\/\/(\[[^\]/]+\]|[^/?#:]+)(:[^/?#]+)?/i.exec(server.url);
  if (!found) return undefined;
  const [template, scheme, host, port = ''] = found as unknown as [string, string, string, string?];
  // A variable without an enum that is the whole host stands for its default (a free one would make
  // every host a host of the spec, a mock's included); inside a host, it is one label, or several
  // when its default has dots.
  const whole = /^\{([^}]+)\}$/.exec(host)?.[1];
  const free = (variable: string) => {
    const fallback = server.variables?.[variable]?.default ?? '';
    if (variable === whole) return escapeRegex(fallback);
    return fallback.includes('.') ? '[^/:@]+' : '[^./:@]+';
  };
  const hostPattern = serverPartPattern(server, host, free);
  return { template, scheme: escapeRegex(scheme), host: hostPattern, port: portPattern(server, scheme, port) };
}

/**
 * A server's port as a regex source. Recorded origins are compared without their scheme's default
 * port (see normalized()), so that port is '' and a port variable that may take it is optional.
 */
function portPattern(server: ServerObject, scheme: string, port: string): string {
  const defaultPort = DEFAULT_PORTS[scheme.toLowerCase()];
  if (port === defaultPort) return '';
  const pattern = serverPartPattern(server, port, () => '\\d+');
  const variable = /^:\{([^}]+)\}$/.exec(port)?.[1];
  const values =
    variable === undefined
      ? []
      : [server.variables?.[variable]?.default, ...(server.variables?.[variable]?.enum ?? [])];
  return values.some((value) => `:${value}` === defaultPort) ? `(?:${pattern})?` : pattern;
}

import { HTTP_METHODS } from '@chatplatform/spec';
import { isObject, type OpenApiDocument } from '../read/spec-document.js';

/**
 * `--base` value that means "the last release of the spec": the newest released bundle
 * (`spec/releases/openapi-<version>.yaml`), else the newest `spec-v*` tag, else the first commit.
 */
export const LAST_RELEASE = '@last-release';

/** One server URL of a document and where it is declared. */
export interface ServerVersion {
  /** `servers[0]`, `/calls/{sessionId} servers[0]`, `GET /calls/{sessionId} servers[0]`. */
  where: string;
  url: string;
  /** N of the URL's `/vN` segment; undefined when it has none. */
  major?: number;
}

export interface VersionInfo {
  version: string;
  /** Major of `info.version`; undefined when it does not start with a number. */
  major?: number;
  servers: ServerVersion[];
}

/** One place where the major version still has to move, and to what. */
export interface VersionMove {
  where: string;
  from: string;
  to: string;
}

/** A server's version segment: `/v3`, or `/v3.0` (its major is 3). */
const SERVER_MAJOR = /\/v(\d+)((?:\.\d+)*)(?=\/|$)/;

/** info.version and every server (root, path-level, operation-level) with its `/vN`. */
export function readVersions(doc: OpenApiDocument): VersionInfo {
  const version = String(doc.info?.version ?? '');
  const major = /^v?(\d+)/.exec(version)?.[1];
  const servers: ServerVersion[] = [];
  const visit = (list: unknown, prefix: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((server, index) => {
      if (!isObject(server) || typeof server.url !== 'string') return;
      const found = SERVER_MAJOR.exec(server.url)?.[1];
      servers.push({
        where: `${prefix}servers[${index}]`,
        url: server.url,
        ...(found ? { major: Number(found) } : {}),
      });
    });
  };
  visit(doc.servers, '');
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    visit(item.servers, `${path} `);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation)) visit(operation.servers, `${method.toUpperCase()} ${path} `);
    }
  }
  return { version, ...(major ? { major: Number(major) } : {}), servers };
}

/**
 * What still has to move for `revision` to be major version `target` everywhere: info.version,
 * and every server's `/vN`. A server without `/vN` is left alone only when the base had one without
 * it at the same place or with the same URL (the management address never carried a version).
 */
export function pendingMoves(base: VersionInfo, revision: VersionInfo, target: number): VersionMove[] {
  const moves: VersionMove[] = [];
  if (revision.major !== target) moves.push({ where: 'info.version', from: revision.version, to: `${target}.0.0` });
  // Unversioned in the base at the same place or with the same URL: the management address, even
  // when its host changed, never carries a version.
  const unversioned = new Set(base.servers.filter((s) => s.major === undefined).flatMap((s) => [s.url, s.where]));
  for (const server of revision.servers) {
    if (server.major === target) continue;
    if (server.major === undefined && (unversioned.has(server.url) || unversioned.has(server.where))) continue;
    // A segment written with a minor (`/v3.0`) moves in the same form (`/v4.0`), never gains a second one.
    const to =
      server.major === undefined
        ? `${server.url}/v${target}`
        : server.url.replace(SERVER_MAJOR, (_, _major, minor: string) => `/v${target}${minor.replace(/\d+/g, '0')}`);
    moves.push({ where: server.where, from: server.url, to });
  }
  return moves;
}

/** The highest major the revision names anywhere (info.version or a server). */
export function highestMajor(info: VersionInfo): number | undefined {
  const majors = [info.major, ...info.servers.map((s) => s.major)].filter((m): m is number => m !== undefined);
  return majors.length > 0 ? Math.max(...majors) : undefined;
}

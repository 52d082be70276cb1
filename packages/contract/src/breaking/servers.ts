import { addressKind, effectiveServers, HTTP_METHODS } from '@chatplatform/spec';
import { DEFAULT_PORTS } from '../read/exchange.js';
import { isObject, type OpenApiDocument, type ServerObject } from '../read/spec-document.js';
import type { Finding } from './findings.js';

/** Stands for a free variable's value (no enum) in an expanded URL. */
const ANY = '\u0000';
/** Enum combinations expanded per server; past this, its enum variables count as free. */
const MAX_EXPANSIONS = 4096;

/**
 * The URL a client builds for an operation, from its servers (its own, else its path item's, else
 * the document's) and their variables, compared between two documents. For each operation in
 * both, breaking when:
 * - a URL a client could build before (any server, any value of each variable's enum; a variable
 *   without enum is free) is served by no server of the revision: a host, port, scheme or base
 *   path changed, an enum lost a value, a variable fixed to one value, the operation moved to
 *   another server;
 * - the URL built from the first server with every variable at its default changed (a default
 *   changed, the servers reordered): a client that leaves the variables alone, as generated
 *   clients do, now calls another host.
 * Scheme and host compare case-insensitively, a scheme's default port equals no port, a trailing
 * `/` is ignored. Operations sharing the same change are reported together.
 */
export function serverChanges(base: OpenApiDocument, revision: OpenApiDocument): Finding[] {
  const grouped = new Map<string, { where: string[]; text: string; why: string; id: string }>();
  for (const { where, before, after } of operationsInBoth(base, revision)) {
    const change = compareServers(before, after);
    if (!change) continue;
    const key = `${change.id}\n${change.text}`;
    const group = grouped.get(key) ?? { ...change, where: [] };
    group.where.push(where);
    grouped.set(key, group);
  }
  return [...grouped.values()].map(({ where, id, text, why }) => ({
    id,
    rating: 'breaking',
    checkedBy: 'contract',
    where: where.join(', '),
    text,
    why,
  }));
}

function compareServers(
  before: ServerObject[],
  after: ServerObject[],
): { id: string; text: string; why: string } | undefined {
  const from = before.map((s) => s.url).join(' or ');
  const to = after.map((s) => s.url).join(' or ');
  const served = after.flatMap(servedPatterns);
  const lost = before.flatMap((server) => {
    const all = expansions(server);
    const gone = all.filter(({ url }) => !served.some((pattern) => pattern.test(url)));
    if (gone.length === all.length) return gone.length > 0 ? [server.url] : [];
    return gone.map(({ values }) => describe(server, values));
  });
  if (lost.length > 0) {
    const listed = `${lost.slice(0, 3).join('; ')}${lost.length > 3 ? ` (and ${lost.length - 3} more)` : ''}`;
    const change =
      from === to
        ? `the URL template ${from} stays, but its variables changed: no server of the revision serves ${listed}`
        : `the URL changed from ${from} to ${to}: no server of the revision serves ${listed}`;
    return {
      id: 'server-url-changed',
      text: `${change}${leftBundles(before, after)}`,
      why: 'clients build the URL from the servers they were generated or configured with: their requests now go to an address the API does not serve this operation on',
    };
  }
  const oldDefault = before[0] && defaultUrl(before[0]);
  const newDefault = after[0] && defaultUrl(after[0]);
  if (oldDefault !== undefined && newDefault !== undefined && normalize(oldDefault) !== normalize(newDefault)) {
    return {
      id: 'server-default-url-changed',
      text: `the URL a client builds by default changed from ${oldDefault} to ${newDefault} (servers: ${from} → ${to})`,
      why: 'a client that leaves the server variables at their defaults, as generated clients do until told otherwise, now calls another address',
    };
  }
  return undefined;
}

/**
 * The spec publishes one bundle per address (`@chatplatform/spec/<address>/openapi.yaml`), holding
 * the operations whose servers are that address: an operation moved to another address leaves
 * its bundle, and a client generated from that bundle loses it.
 */
function leftBundles(before: ServerObject[], after: ServerObject[]): string {
  const now = new Set(after.map((server) => addressKind(server.url)));
  const left = [...new Set(before.map((server) => addressKind(server.url)))].filter((kind) => !now.has(kind));
  return left
    .map(
      (kind) =>
        `; it leaves the ${kind} address's bundle (@chatplatform/spec/${kind}/openapi.yaml), whose clients lose it`,
    )
    .join('');
}

/** Every operation of `base` that `revision` has too, with the servers each applies. */
function* operationsInBoth(
  base: OpenApiDocument,
  revision: OpenApiDocument,
): Generator<{ where: string; before: ServerObject[]; after: ServerObject[] }> {
  for (const [path, item] of Object.entries(base.paths ?? {})) {
    const revisedItem = revision.paths?.[path];
    if (!isObject(item) || !isObject(revisedItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      const revised = revisedItem[method];
      if (!isObject(operation) || !isObject(revised)) continue;
      yield {
        where: `${method.toUpperCase()} ${path}`,
        before: serversOf(operation, item, base),
        after: serversOf(revised, revisedItem, revision),
      };
    }
  }
}

/** The servers that apply; none at all means `/` (OpenAPI's default server). */
function serversOf(operation: Record<string, unknown>, pathItem: Record<string, unknown>, doc: OpenApiDocument) {
  const servers = effectiveServers({ operation, pathItem, root: doc as unknown as Record<string, unknown> });
  const valid = servers.filter((s) => typeof s.url === 'string') as ServerObject[];
  return valid.length > 0 ? valid : [{ url: '/' }];
}

/** Splits a server URL into literal text and `{variable}` names (odd indexes). */
const parts = (url: string) => url.split(/\{([^}]*)\}/);

/** Each URL the server yields, one per combination of its enum variables' values; free variables stay ANY. */
function expansions(server: ServerObject): { url: string; values: Record<string, string> }[] {
  const segments = parts(server.url);
  const names = [...new Set(segments.filter((_, i) => i % 2 === 1))];
  let combos: Record<string, string>[] = [{}];
  for (const name of names) {
    const options = server.variables?.[name]?.enum ?? [];
    if (options.length === 0 || combos.length * options.length > MAX_EXPANSIONS) continue;
    combos = combos.flatMap((combo) => options.map((value) => ({ ...combo, [name]: String(value) })));
  }
  return combos.map((values) => ({
    url: normalize(segments.map((text, i) => (i % 2 === 0 ? text : (values[text] ?? ANY))).join('')),
    values,
  }));
}

/** What the revision's server serves, one pattern per expansion: its free variables take any value. */
function servedPatterns(server: ServerObject): RegExp[] {
  return expansions(server).map(({ url }) => new RegExp(`^${url.split(ANY).map(regexLiteral).join('[^]*')}$`));
}

function defaultUrl(server: ServerObject): string {
  return parts(server.url)
    .map((text, i) => (i % 2 === 0 ? text : (server.variables?.[text]?.default ?? `{${text}}`)))
    .join('');
}

/** The server as a client would write it: its template with the values that are no longer served. */
function describe(server: ServerObject, values: Record<string, string>): string {
  const chosen = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  return chosen.length > 0 ? `${server.url} with ${chosen.join(', ')}` : server.url;
}

/** A URL as a client reaches it: scheme and host lower-cased, without the scheme's default port or a trailing `/`. */
function normalize(url: string): string {
  const found = /^([a-z][a-z\d+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url.replace(/\/+$/, ''));
  if (!found) return url.replace(/\/+$/, '');
  const [, scheme = '', authority = '', rest = ''] = found;
  const port = DEFAULT_PORTS[scheme.slice(0, -3).toLowerCase()] ?? '';
  const host = port && authority.endsWith(port) ? authority.slice(0, -port.length) : authority;
  return `${scheme}${host}`.toLowerCase() + rest;
}

function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

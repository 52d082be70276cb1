// One address's document, cut from the combined bundle: that address as the only top-level server,
// the operations it serves, and nothing else (components reached from them, the security schemes
// and tags they use). Most generators ignore path-level `servers` and give a client one base URL
// (README: "Bundles"), so a client generated from the combined document sends Get Call to the Chat
// host; generated from this document, each client has the one address its operations live on.
import { ADDRESSES, HTTP_METHODS } from '../../index.js';
import { addressKind, effectiveServers } from '../../rules/addresses.js';

/**
 * @typedef {import('../../index.js').Address} Address
 * @typedef {import('@redocly/openapi-core').Oas3_1Definition & { info: import('@redocly/openapi-core').Oas3Info, 'x-tagGroups'?: TagGroup[] }} Document a bundled document
 * @typedef {{ name: string, tags: string[] }} TagGroup
 * @typedef {import('@redocly/openapi-core').Oas3PathItem<import('@redocly/openapi-core').Oas3_1Schema>} PathItem
 * @typedef {import('@redocly/openapi-core').Oas3Operation<import('@redocly/openapi-core').Oas3_1Schema>} Operation
 * @typedef {import('@redocly/openapi-core').Oas3Server} Server
 * @typedef {import('@redocly/openapi-core').Oas3SecurityRequirement} Requirement
 * @typedef {{ [kind: string]: { [name: string]: unknown } }} Components what `components` holds, by kind
 */

/** @type {Record<Address, string>} */
const TITLES = { calls: 'Calls API', chat: 'Chat API', management: 'Management API' };

/**
 * The one address an operation is served from; a build error when its servers mix addresses.
 * @param {Document} root
 * @param {string} path
 * @param {PathItem} pathItem
 * @param {Operation} operation
 * @returns {{ kind: Address | undefined, servers: Server[] }}
 */
function addressOf(root, path, pathItem, operation) {
  const servers = effectiveServers({ operation, pathItem, root });
  const kinds = [...new Set(servers.map((server) => addressKind(server.url)))];
  if (kinds.length !== 1) {
    throw new Error(
      `${operation.operationId ?? path}: served from ${kinds.length ? kinds.join(' and ') : 'no server'}. ` +
        'Give each operation the servers of exactly one address (Calls, Chat or management), so it belongs to one address bundle.',
    );
  }
  return { kind: kinds[0], servers };
}

/**
 * The paths with only the operations served from `address`, and the servers those operations use.
 * @param {Document} root
 * @param {Address} address
 * @returns {{ paths: Record<string, PathItem>, servers: Server[] }}
 */
function pathsServedFrom(root, address) {
  /** @type {Record<string, PathItem>} */
  const paths = {};
  /** @type {Map<string, Server>} */
  const servers = new Map();
  // A bundle's path items are inline, never a `$ref`.
  for (const [path, pathItem] of Object.entries(/** @type {Record<string, PathItem>} */ (root.paths ?? {}))) {
    /** @type {PathItem} */
    const kept = {};
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const where = addressOf(root, path, pathItem, operation);
      if (where.kind !== address) continue;
      for (const server of where.servers) if (!servers.has(server.url)) servers.set(server.url, server);
      kept[method] = operation;
    }
    if (Object.keys(kept).length === 0) continue;
    // Path- and operation-level servers stay: they name the same address, for the tools that read them.
    const item = { ...pathItem };
    for (const method of HTTP_METHODS) delete item[method];
    paths[path] = { ...item, ...kept };
  }
  return { paths, servers: [...servers.values()] };
}

/**
 * Every `#/components/<kind>/<name>` reached from `start`, following `$ref`s through components.
 * @param {Components | undefined} components
 * @param {unknown} start
 * @returns {Set<string>} each as `<kind>/<name>`, `name` escaped as in a JSON Pointer
 */
function reachedComponents(components, start) {
  /** @type {Set<string>} */
  const reached = new Set();
  const pending = [start];
  while (pending.length) {
    const text = JSON.stringify(pending.pop());
    for (const [, ref = ''] of text.matchAll(/"\$ref":"#\/components\/([^"]+)"/g)) {
      if (reached.has(ref)) continue;
      reached.add(ref);
      const [kind, ...name] = ref.split('/');
      const target = components?.[kind ?? '']?.[name.join('/').replace(/~1/g, '/').replace(/~0/g, '~')];
      if (target === undefined) throw new Error(`unresolvable $ref #/components/${ref} in the bundled spec`);
      pending.push(target);
    }
  }
  return reached;
}

/**
 * The security scheme names the requirements name.
 * @param {Requirement[]} [requirements]
 */
const schemesOf = (requirements = []) => requirements.flatMap((requirement) => Object.keys(requirement));

/**
 * The components of `root` that `paths` reach, with the security schemes in `schemes`; the source's order kept.
 * @param {Components} components
 * @param {Record<string, PathItem>} paths
 * @param {Set<string>} schemes
 * @returns {Components}
 */
function prunedComponents(components = {}, paths, schemes) {
  const reached = reachedComponents(components, paths);
  /** @type {Components} */
  const kept = {};
  for (const [kind, entries] of Object.entries(components)) {
    const names = Object.keys(entries).filter((name) =>
      kind === 'securitySchemes'
        ? schemes.has(name)
        : reached.has(`${kind}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
    if (names.length) kept[kind] = Object.fromEntries(names.map((name) => [name, entries[name]]));
  }
  return kept;
}

/**
 * Tags and `x-tagGroups` reduced to the tags the operations use.
 * @param {Document} root
 * @param {Record<string, PathItem>} paths
 */
function usedTags(root, paths) {
  const used = new Set(
    Object.values(paths).flatMap((item) => HTTP_METHODS.flatMap((method) => item[method]?.tags ?? [])),
  );
  const tags = (root.tags ?? []).filter((tag) => used.has(tag.name));
  const groups = (root['x-tagGroups'] ?? [])
    .map((group) => ({ ...group, tags: group.tags.filter((name) => used.has(name)) }))
    .filter((group) => group.tags.length);
  return { tags, groups };
}

/**
 * The title and the paragraph that say which part of the API this document is.
 * @param {import('@redocly/openapi-core').Oas3Info} info
 * @param {Address} address
 */
function addressInfo(info, address) {
  const published = (/** @type {string} */ name) => `\`@chatplatform/spec/${name}\``;
  const others = ADDRESSES.filter((other) => other !== address).map((other) => published(`${other}/openapi.yaml`));
  const note =
    `This document holds only the operations served from the ${TITLES[address]} address, which is its ` +
    `only server, so that a client generated from it sends every request to the right host. The ` +
    `operations of the other addresses are in ${others.join(' and ')}; ${published('openapi.yaml')} holds them all.`;
  return { ...info, title: `${info.title}: ${TITLES[address]}`, description: `${note}\n\n${info.description ?? ''}` };
}

/**
 * The document of one address (`calls`, `chat` or `management`), derived from the combined bundle.
 * @param {Document} root the combined bundle, parsed (not modified)
 * @param {Address} address
 * @returns {Document}
 */
export function addressBundle(root, address) {
  if (!ADDRESSES.includes(address))
    throw new TypeError(`address must be one of ${ADDRESSES.join(', ')}, got ${address}`);
  const { paths, servers } = pathsServedFrom(root, address);
  if (!Object.keys(paths).length) {
    throw new Error(`No operation is served from the ${TITLES[address]} address: its bundle would be empty.`);
  }
  const operations = Object.values(paths).flatMap((item) =>
    HTTP_METHODS.map((m) => item[m]).filter((operation) => !!operation),
  );
  const schemes = new Set(operations.flatMap((operation) => schemesOf(operation.security ?? root.security)));
  // The root requirement stays when it names only schemes the operations use (the management
  // operations override it with `key` and `secret`, so their document does not carry `apikey`).
  const rootSecurity = schemesOf(root.security).every((name) => schemes.has(name)) ? root.security : undefined;
  const { tags, groups } = usedTags(root, paths);
  /** @type {Document} */
  const document = { ...root, info: addressInfo(root.info, address), servers, security: rootSecurity, tags };
  document['x-tagGroups'] = groups.length ? groups : undefined;
  document.paths = paths;
  // Components as plain JSON: pruning keeps each entry as it is, whatever its kind.
  document.components = prunedComponents(/** @type {Components | undefined} */ (root.components), paths, schemes);
  return JSON.parse(JSON.stringify(document));
}

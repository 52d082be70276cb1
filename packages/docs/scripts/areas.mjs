// The page a reader opens holds the guide and an index of every operation; each area's operations
// (an area: the operations whose first tag is the same) are in a file of their own,
// `dist/areas/<tag's address>.js`, loaded when the address names that area. Redoc embeds the whole
// definition it renders in the page (9 KiB per operation here, 80 % of it code samples), so the
// page would otherwise grow with every operation; this way it grows only by each operation's index
// entry, and what is loaded with it by the size of one area.
// The index entry (tags, operationId, summary, deprecated, security, the path and method) is what
// Redoc's sidebar and search need to list and find every operation from any page. A script first
// in <head> loads the area file the address names (a parser-blocking <script src>, which loads
// from file://, where fetch() of a sibling file does not), and Redoc is given the definition with
// that area's operations in place of their index entries. An address in another area reloads the
// page, which then loads that area.
import { HTTP_METHODS } from '@chatplatform/spec';

/** The global an area file sets, read by the page's loader and by Try it. */
export const AREA_GLOBAL = 'chatplatformArea';
/** What of an operation the page keeps for every operation: its sidebar entry and its search hit. */
const INDEXED = ['tags', 'operationId', 'summary', 'deprecated', 'security'];

/**
 * The docs' copy of the spec, read as JSON: this module moves its parts around without reading them.
 * @typedef {{ [field: string]: unknown, tags?: string[] }} Operation
 * @typedef {{ [field: string]: unknown }} PathItem its operations by method, and the fields they share
 * @typedef {{ [kind: string]: { [name: string]: unknown } }} Components
 * @typedef {{ [field: string]: unknown, paths?: Record<string, PathItem>, components?: Components }} Spec
 * @typedef {{ paths: Record<string, PathItem>, components: Components }} Area an area's operations and what they reach
 */

/**
 * The area an operation belongs to: its first tag (as its prerendered route, /<tag>/<operationId>).
 * @param {Operation} operation
 * @param {string} where the operation, for the message
 */
function areaOf(operation, where) {
  const tag = operation.tags?.[0];
  if (!tag) throw new Error(`areas: ${where} has no tag; every operation belongs to the area of its first tag.`);
  return tag;
}

/**
 * Every `<kind>/<name>` of `#/components/…` reached from `start`, following `$ref`s through components.
 * @param {Components} components
 * @param {unknown} start
 * @returns {Set<string>}
 */
function reachedComponents(components, start) {
  /** @type {Set<string>} */
  const reached = new Set();
  const pending = [start];
  while (pending.length) {
    for (const [, ref] of JSON.stringify(pending.pop()).matchAll(/"\$ref":"#\/components\/([^"]+)"/g)) {
      if (reached.has(ref)) continue;
      reached.add(ref);
      const [kind, ...name] = ref.split('/');
      const target = components?.[kind ?? '']?.[name.join('/').replace(/~1/g, '/').replace(/~0/g, '~')];
      if (target === undefined) throw new Error(`areas: unresolvable $ref #/components/${ref} in dist/openapi.yaml`);
      pending.push(target);
    }
  }
  return reached;
}

/**
 * The components `start` reaches (each kind's entries in the source's order); `keep` adds whole kinds.
 * @param {Components} components
 * @param {unknown} start
 * @param {string[]} [keep]
 * @returns {Components}
 */
function componentsFor(components = {}, start, keep = []) {
  const reached = reachedComponents(components, start);
  /** @type {Components} */
  const kept = {};
  for (const [kind, entries] of Object.entries(components)) {
    const pointer = (/** @type {string} */ name) => name.replace(/~/g, '~0').replace(/\//g, '~1');
    const names = Object.keys(entries).filter((name) => keep.includes(kind) || reached.has(`${kind}/${pointer(name)}`));
    if (names.length) kept[kind] = Object.fromEntries(names.map((name) => [name, entries[name]]));
  }
  return kept;
}

/** @param {Operation} operation */
const indexEntry = (operation) =>
  Object.fromEntries(INDEXED.filter((key) => operation[key] !== undefined).map((key) => [key, operation[key]]));

/**
 * Splits the docs' copy of the spec: `page`, the definition the page embeds (everything but the
 * operations, each operation as its index entry, the components these reach and every security
 * scheme), and per area (tag name) the path items with its operations whole and the components
 * they reach.
 * @param {Spec} spec
 * @returns {{ page: Spec, areas: Map<string, Area> }}
 */
export function splitByArea(spec) {
  /** @type {Record<string, PathItem>} */
  const indexPaths = {};
  /** @type {Map<string, Record<string, PathItem>>} */
  const areaPaths = new Map();
  for (const [path, pathItem] of Object.entries(spec.paths ?? {})) {
    const shared = Object.fromEntries(
      Object.entries(pathItem).filter(([key]) => !(/** @type {readonly string[]} */ (HTTP_METHODS).includes(key))),
    );
    for (const method of HTTP_METHODS.filter((m) => pathItem[m])) {
      const operation = /** @type {Operation} */ (pathItem[method]);
      const tag = areaOf(operation, `${method.toUpperCase()} ${path}`);
      indexPaths[path] = { ...indexPaths[path], [method]: indexEntry(operation) };
      if (!areaPaths.has(tag)) areaPaths.set(tag, {});
      const paths = /** @type {Record<string, PathItem>} set above */ (areaPaths.get(tag));
      paths[path] = { ...(paths[path] ?? shared), [method]: operation };
    }
  }
  const { paths: _, components, ...rest } = spec;
  const page = { ...rest, paths: indexPaths, components: componentsFor(components, rest, ['securitySchemes']) };
  const areas = new Map(
    [...areaPaths].map(([tag, paths]) => [tag, { paths, components: componentsFor(components, paths) }]),
  );
  return { page, areas };
}

/**
 * Each tag's address on the page Redoc rendered (Redoc decides the slug: `Auth tokens` is
 * `/auth-tokens`), read from its prerendered sidebar: every link whose label is a tag name.
 * @param {string} html
 * @param {string[]} tags
 * @returns {Map<string, string>} tag -> its address
 */
export function areaAddresses(html, tags) {
  /** @type {Map<string, string>} */
  const addresses = new Map();
  for (const [, href, label] of html.matchAll(/<a [^>]*href="\/([^"]*)"[^>]*>(?:(?!<\/a>).)*?data-text="([^"]*)"/gs)) {
    if (tags.includes(label) && !addresses.has(label)) addresses.set(label, href);
  }
  for (const tag of tags) {
    const slug = addresses.get(tag);
    if (!slug || !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(slug))
      throw new Error(
        `areas: the sidebar Redoc rendered has no address of plain name characters for the tag "${tag}" (found ${slug ?? 'none'}).`,
      );
  }
  return addresses;
}

/**
 * An area's file: it hands the page its operations, their components and their Try it data.
 * @param {string} slug
 * @param {Area} area
 * @param {unknown[]} tryIt
 */
export function areaScript(slug, area, tryIt) {
  const json = JSON.stringify({ slug, ...area, tryIt }).replace(/</g, '\\u003c');
  return `window[${JSON.stringify(AREA_GLOBAL)}] = ${json};\n`;
}

/**
 * Runs first in <head>: loads the file of the area the address names (parser-blocking, before
 * Redoc's script), defines how Redoc's definition gets that area's operations, and reloads the page
 * when the address moves to another area (the page then loads that one).
 * @param {string[]} slugs
 * @param {string} global
 */
function loadArea(slugs, global) {
  const areaIn = (/** @type {string} */ hash) => {
    const slug = decodeURIComponent(hash.slice(1).split(/[?#]/)[0]).split('/')[1];
    return slugs.includes(slug) ? slug : null;
  };
  const wanted = areaIn(location.hash);
  // \x3c: the end tag must not close this inline script.
  if (wanted) document.write(`<script src="areas/${wanted}.js">\x3c/script>`);
  addEventListener('hashchange', () => {
    const next = areaIn(location.hash);
    if (next && next !== wanted) location.reload();
  });
  // The area file's global and this hook are the page's own: unknown to the type of window.
  const page = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window));
  page.chatplatformWithArea = (/** @type {Spec} */ definition) => {
    const area = /** @type {(Area & { slug: string }) | undefined} */ (page[global]);
    if (!area || area.slug !== wanted) return definition;
    const paths = { ...definition.paths };
    for (const [path, item] of Object.entries(area.paths)) paths[path] = { ...paths[path], ...item };
    const components = { ...definition.components };
    for (const [kind, entries] of Object.entries(area.components))
      components[kind] = { ...components[kind], ...entries };
    return { ...definition, paths, components };
  };
}

const HYDRATE = 'hydrate(__redoc_definition,';

/**
 * The page with the area loader first in <head> and Redoc hydrating the definition with the area.
 * @param {string} html
 * @param {string[]} slugs
 */
export function withAreas(html, slugs) {
  const head = html.indexOf('<head>');
  if (head < 0 || !html.includes(HYDRATE))
    throw new Error(`areas: the page has no <head>, or Redoc's script no longer calls "${HYDRATE}".`);
  const at = head + '<head>'.length;
  const loader = `<script>(${loadArea})(${JSON.stringify(slugs)}, ${JSON.stringify(AREA_GLOBAL)});</script>`;
  return (
    html.slice(0, at) + loader + html.slice(at).replace(HYDRATE, 'hydrate(chatplatformWithArea(__redoc_definition),')
  );
}

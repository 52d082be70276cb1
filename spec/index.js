// The spec package's one JavaScript entry: where the bundled document is, and the few readings of
// it that every consumer needs. Other packages import these instead of resolving paths themselves.
// Its types are these JSDoc comments: the build emits `dist/types/index.d.ts` from them
// (tsconfig.build.json), so the declarations cannot drift from the code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export { addressKind, effectiveServers } from './rules/addresses.js';

/** An OpenAPI document or a part of it, read as plain JSON. @typedef {{ [key: string]: unknown }} JsonObject */
/** @typedef {(typeof HTTP_METHODS)[number]} HttpMethod */
/** @typedef {(typeof ADDRESSES)[number]} Address */
/**
 * @typedef {object} BundleOptions
 * @property {Address} [address] One address's document (its only server, its operations); the combined document when absent.
 * @property {'3.1' | '3.0'} [openapi] `'3.0'`: the OpenAPI 3.0.3 companion. Default `'3.1'`.
 * @property {boolean} [mustExist] Throw, saying how to build it, when the file is missing. Default `true`.
 */

/** The operation keys of an OpenAPI path item, in the order the specification lists them. */
export const HTTP_METHODS = Object.freeze(
  /** @type {const} */ (['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']),
);

/**
 * @typedef {object} SpecOperation One operation of a document and where it sits.
 * @property {string} path The path item's key, as `/calls/{sessionId}`.
 * @property {HttpMethod} method
 * @property {any} pathItem The path item, as read (its parameters and servers apply to the operation).
 * @property {any} operation
 */

/**
 * Every operation of an OpenAPI document, path by path, on every method a path item can hold
 * (HTTP_METHODS, not the common five only): iterate these and no operation is missed.
 * @param {{ paths?: unknown }} document
 * @returns {SpecOperation[]}
 */
export function operationsOf(document) {
  return Object.entries(/** @type {Record<string, any>} */ (document.paths ?? {})).flatMap(([path, pathItem]) =>
    HTTP_METHODS.filter((method) => pathItem[method]).map((method) => ({
      path,
      method,
      pathItem,
      operation: pathItem[method],
    })),
  );
}

/** The addresses that have a bundle of their own (`dist/<address>/openapi.yaml`). */
export const ADDRESSES = Object.freeze(/** @type {const} */ (['calls', 'chat', 'management']));

/**
 * Absolute path of a bundle (`pnpm --filter @chatplatform/spec bundle` writes them all): by default
 * the combined OpenAPI 3.1 document; with `address`, the document of that address only (its one
 * server, its operations); with `openapi: '3.0'`, the OpenAPI 3.0.3 companion.
 * @param {'json' | 'yaml'} [format]
 * @param {BundleOptions} [options]
 * @returns {string}
 */
export function bundledSpecPath(format = 'json', { address, openapi = '3.1', mustExist = true } = {}) {
  if (format !== 'json' && format !== 'yaml') throw new TypeError(`format must be 'json' or 'yaml', got ${format}`);
  if (address !== undefined && !ADDRESSES.includes(address))
    throw new TypeError(`address must be one of ${ADDRESSES.join(', ')}, got ${address}`);
  if (openapi !== '3.1' && openapi !== '3.0') throw new TypeError(`openapi must be '3.1' or '3.0', got ${openapi}`);
  const file = `${address ? `${address}/` : ''}openapi${openapi === '3.0' ? '-3.0' : ''}.${format}`;
  const path = fileURLToPath(new URL(`./dist/${file}`, import.meta.url));
  if (mustExist && !existsSync(path)) {
    throw new Error(
      `The bundled spec is missing (${path}). Build it: \`pnpm build\` at the repository root, ` +
        'or `pnpm --filter @chatplatform/spec bundle`.',
    );
  }
  return path;
}

/**
 * The bundled spec, parsed.
 * @template [T=JsonObject]
 * @returns {T}
 */
export function readBundledSpec() {
  return JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
}

/**
 * The value at a JSON Pointer (RFC 6901) in `document`; `''` is the document itself, undefined when
 * nothing is there.
 * @param {unknown} document
 * @param {string} pointer
 * @returns {unknown}
 */
export function valueAtPointer(document, pointer) {
  if (pointer === '') return document;
  /** @type {unknown} */
  let node = document;
  for (const token of pointer.slice(1).split('/')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = /** @type {Record<string, unknown>} */ (node)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/**
 * Follows local `$ref`s (`#/components/...`) until a node that is not a reference, and says where
 * that node is: its JSON Pointer in `document` (`pointer`, the node's own, when it is no reference).
 * Throws, naming `pointer`, on a reference to another file, a cycle, or a target that is missing.
 * @param {unknown} document the bundled spec
 * @param {unknown} node
 * @param {string} [pointer] where `node` is, for the messages
 * @returns {{ value: unknown, pointer: string }}
 */
export function resolveRefAt(document, node, pointer = '') {
  const seen = new Set();
  let current = node;
  let at = pointer;
  /** @type {(value: unknown) => string | undefined} */
  const refOf = (value) =>
    value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string' ? value.$ref : undefined;
  for (let ref = refOf(current); ref !== undefined; ref = refOf(current)) {
    if (!ref.startsWith('#'))
      throw new Error(`${at}: only local $refs are resolved (found ${ref}); use a bundled spec`);
    if (seen.has(ref)) throw new Error(`${at}: circular $ref ${ref}`);
    seen.add(ref);
    at = decodeURIComponent(ref.slice(1));
    current = valueAtPointer(document, at);
    if (current === undefined) throw new Error(`${pointer}: unresolvable $ref ${ref} in the spec`);
  }
  return { value: current, pointer: at };
}

/**
 * Follows local `$ref`s (`#/components/...`) until a node that is not a reference.
 * @template [T=unknown]
 * @param {object} document the bundled spec
 * @param {unknown} node
 * @returns {T}
 */
export function resolveRef(document, node) {
  return /** @type {T} */ (resolveRefAt(document, node).value);
}

/** This package's directory: the hand-written sources, `redocly.yaml` and the scripts the bundle step runs. @type {string} */
export const SPEC_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * What the bundles are not built from: their outputs, the tests, the installed modules, and the
 * bundles `pnpm release` keeps in releases/ (each a copy of an earlier bundle).
 */
const NOT_SOURCES = new Set(['dist', 'test', 'node_modules', 'artifacts', 'releases']);

/**
 * The newest bundle `pnpm release` kept as `releases/openapi-<version>.yaml` (version order, not
 * name order: 3.10 after 3.9); undefined when there is none. `sourcesDir` is this package's
 * directory unless given.
 * @param {string} [sourcesDir]
 * @returns {{ path: string, version: string } | undefined}
 */
export function newestRelease(sourcesDir = SPEC_DIR) {
  const dir = join(sourcesDir, 'releases');
  if (!existsSync(dir)) return undefined;
  const versionOf = (/** @type {string} */ name) => /^openapi-(\d+\.\d+\.\d+)\.yaml$/.exec(name)?.[1];
  const parts = (/** @type {string} */ version) => version.split('.').map(Number);
  const newest = readdirSync(dir)
    .map(versionOf)
    .filter((version) => version !== undefined)
    .sort((a, b) => {
      const [x, y] = [parts(a), parts(b)];
      return (y[0] ?? 0) - (x[0] ?? 0) || (y[1] ?? 0) - (x[1] ?? 0) || (y[2] ?? 0) - (x[2] ?? 0);
    })[0];
  return newest === undefined ? undefined : { path: join(dir, `openapi-${newest}.yaml`), version: newest };
}

/** The command that rebuilds every bundle. @type {string} */
export const BUNDLE_COMMAND = 'pnpm --filter @chatplatform/spec run bundle';

/**
 * The newest file a bundle is built from, when it is newer than the bundle (the bundle is stale);
 * undefined when the bundle is fresh. `sourcesDir` is this package's directory unless given.
 * @param {string} bundle
 * @param {string} [sourcesDir]
 * @returns {{ path: string, mtimeMs: number } | undefined} `path` relative to `sourcesDir`
 */
export function newerSource(bundle, sourcesDir = SPEC_DIR) {
  const built = statSync(bundle).mtimeMs;
  const newest = newestFile(sourcesDir, true);
  return newest && newest.mtimeMs > built
    ? { path: relative(sourcesDir, newest.path), mtimeMs: newest.mtimeMs }
    : undefined;
}

/** @param {string} dir @param {boolean} top @returns {{ path: string, mtimeMs: number } | undefined} */
function newestFile(dir, top) {
  /** @type {{ path: string, mtimeMs: number } | undefined} */
  let newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || (top && NOT_SOURCES.has(entry.name))) continue;
    const path = join(dir, entry.name);
    const found = entry.isDirectory()
      ? newestFile(path, false)
      : entry.isFile()
        ? { path, mtimeMs: statSync(path).mtimeMs }
        : undefined;
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Bundles spec sources laid out as this package's (this package's directory at another commit,
 * say) into one OpenAPI document at `output`, with this package's Redocly and the sources' own
 * `redocly.yaml`, as the package's `bundle` step does. Throws with Redocly's last lines on failure.
 * @param {string} sourcesDir
 * @param {string} output
 * @returns {void}
 */
export function bundleSources(sourcesDir, output) {
  if (!existsSync(join(sourcesDir, 'openapi.yaml'))) throw new Error(`${sourcesDir} holds no openapi.yaml`);
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@redocly/cli/package.json');
  const { bin } = JSON.parse(readFileSync(pkgPath, 'utf8'));
  const script = typeof bin === 'string' ? bin : (bin.redocly ?? Object.values(bin)[0]);
  const run = spawnSync(
    process.execPath,
    [join(dirname(pkgPath), script), 'bundle', 'openapi.yaml', '--output', output],
    {
      cwd: sourcesDir,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0 || !existsSync(output)) {
    throw new Error(
      `redocly could not bundle the spec: ${(run.stderr || run.stdout).trim().split('\n').slice(-5).join('\n')}`,
    );
  }
}

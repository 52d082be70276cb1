// The spec package's one JavaScript entry: where the bundled document is, and the few readings of
// it that every consumer needs. Other packages import these instead of resolving paths themselves.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export { addressKind, effectiveServers } from './rules/addresses.js';

/** The operation keys of an OpenAPI path item, in the order the specification lists them. */
export const HTTP_METHODS = Object.freeze(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The addresses that have a bundle of their own (`dist/<address>/openapi.yaml`). */
export const ADDRESSES = Object.freeze(['calls', 'chat', 'management']);

/**
 * Absolute path of a bundle (`pnpm --filter @chatplatform/spec bundle` writes them all): by default
 * the combined OpenAPI 3.1 document; with `address`, the document of that address only (its one
 * server, its operations); with `openapi: '3.0'`, the OpenAPI 3.0.3 companion.
 * @param {'json' | 'yaml'} [format]
 * @param {{ address?: 'calls' | 'chat' | 'management', openapi?: '3.1' | '3.0', mustExist?: boolean }} [options]
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

/** The bundled spec, parsed. */
export function readBundledSpec() {
  return JSON.parse(readFileSync(bundledSpecPath('json'), 'utf8'));
}

/**
 * Follows local `$ref`s (`#/components/...`) until a node that is not a reference.
 * @param {object} document the bundled spec
 * @param {unknown} node
 */
export function resolveRef(document, node) {
  const seen = new Set();
  let current = node;
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are resolved, got ${ref}`);
    if (seen.has(ref)) throw new Error(`circular $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .reduce((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    if (current === undefined) throw new Error(`unresolvable $ref ${ref} in the bundled spec`);
  }
  return current;
}

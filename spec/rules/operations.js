// A visitor fragment that collects every operation under `paths` with its context (path, path
// item, document root, location), so that rules needing the whole document (security schemes,
// other operationIds) can judge the operations once the walk is done, in `Root.leave`.

import { HTTP_METHODS } from '../index.js';

/** @type {Set<string>} */
const METHODS = new Set(HTTP_METHODS);

/** @param {string} key @returns {key is import('../index.js').HttpMethod} */
const isMethod = (key) => METHODS.has(key);

/**
 * @typedef {import('@redocly/openapi-core').Oas3Definition | import('@redocly/openapi-core').Oas3_1Definition} Root
 * @typedef {import('@redocly/openapi-core').Oas3PathItem} PathItem
 * @typedef {import('@redocly/openapi-core').Oas3Operation & { 'x-replaced-by'?: unknown }} Operation
 * @typedef {import('@redocly/openapi-core').UserContext} Context
 * @typedef {{ operation: Operation, method: string, path: string, pathItem: PathItem,
 *   root: Root | undefined, location: import('@redocly/openapi-core').Location }} CollectedOperation
 */

/**
 * @param {(operations: CollectedOperation[], root: Root, ctx: Context) => void} onDone
 * @param {import('@redocly/openapi-core').Oas3Visitor} [extra] more visitors merged in (they must not use Root, Paths or Operation)
 * @returns {import('@redocly/openapi-core').Oas3Visitor}
 */
export function collectOperations(onDone, extra = {}) {
  /** @type {CollectedOperation[]} */
  const operations = [];
  /** @type {Root | undefined} */
  let root;
  let path = '';
  /** @type {PathItem} */
  let pathItem = {};
  return {
    ...extra,
    Root: {
      enter(node) {
        root = node;
      },
      leave(node, ctx) {
        onDone(operations, node, ctx);
      },
    },
    Paths: {
      PathItem: {
        enter(node, ctx) {
          path = String(ctx.key);
          pathItem = node;
        },
      },
      Operation: {
        enter(operation, ctx) {
          const method = String(ctx.key);
          // Callbacks nest operations too; only the path item's own methods are REST operations.
          if (!isMethod(method) || pathItem[method] !== operation) return;
          operations.push({ operation, method, path, pathItem, root, location: ctx.location });
        },
      },
    },
  };
}

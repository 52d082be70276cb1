// A visitor fragment that collects every operation under `paths` with its context (path, path
// item, document root, location), so that rules needing the whole document (security schemes,
// other operationIds) can judge the operations once the walk is done, in `Root.leave`.

import { HTTP_METHODS } from '../index.js';

const METHODS = new Set(HTTP_METHODS);

/**
 * @param {(operations: CollectedOperation[], root: any, ctx: any) => void} onDone
 * @param {object} [extra] more visitors merged in (they must not use Root, Paths or Operation)
 *
 * @typedef {{ operation: any, method: string, path: string, pathItem: any, root: any, location: any }} CollectedOperation
 */
export function collectOperations(onDone, extra = {}) {
  /** @type {CollectedOperation[]} */
  const operations = [];
  let root;
  let path = '';
  let pathItem;
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
          if (!METHODS.has(/** @type {any} */ (method)) || pathItem?.[method] !== operation) return;
          operations.push({ operation, method, path, pathItem, root, location: ctx.location });
        },
      },
    },
  };
}

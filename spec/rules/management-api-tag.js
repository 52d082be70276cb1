// platform/management-api-tag: the operations served from the management address (see
// addresses.js) and the operations tagged as the management API (option `tag`) are the same
// set, so the docs group exactly the operations that take `key`/`secret`.

import { describeOperation, isManagementOperation } from './addresses.js';
import { collectOperations } from './operations.js';

/**
 * @param {{ tag?: string }} [options] the `platform/management-api-tag` options of redocly.yaml
 * @returns {import('@redocly/openapi-core').Oas3Visitor}
 */
export function ManagementApiTag({ tag } = {}) {
  if (typeof tag !== 'string' || !tag) {
    throw new Error(
      'platform/management-api-tag needs the option `tag` (the management API tag name) in redocly.yaml.',
    );
  }
  return collectOperations((operations, _root, ctx) => {
    for (const op of operations) {
      const tagged = (op.operation.tags ?? []).includes(tag);
      const served = isManagementOperation(op);
      if (tagged === served) continue;
      ctx.report({
        message: served
          ? `${describeOperation(op)} is served from the management address but not tagged \`${tag}\`. Tag it \`${tag}\`, or serve it from the Chat or Calls address.`
          : `${describeOperation(op)} is tagged \`${tag}\` but not served from the management address. Give it the management server (path-level \`servers\`), or remove the tag.`,
        location: op.location.child('tags'),
      });
    }
  });
}

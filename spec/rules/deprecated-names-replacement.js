// platform/deprecated-names-replacement: the platform deprecates an endpoint with guidance naming
// its replacement. Here that guidance is machine-checked: a `deprecated: true` operation carries
// `x-replaced-by: <operationId>` naming an existing, non-deprecated operation, and its
// description mentions that operationId so the rendered docs show readers where to go.

import { describeOperation } from './addresses.js';
import { collectOperations } from './operations.js';

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function DeprecatedNamesReplacement() {
  return collectOperations((operations, _root, ctx) => {
    const byId = new Map(operations.filter((o) => o.operation.operationId).map((o) => [o.operation.operationId, o]));
    for (const op of operations) {
      const { operation } = op;
      if (operation.deprecated !== true) continue;
      const what = describeOperation(op);
      const target = operation['x-replaced-by'];
      /** @param {string} message @param {string} [child] the field the message is about */
      const report = (message, child) =>
        ctx.report({ message, location: child ? op.location.child(child) : op.location });
      if (typeof target !== 'string' || !target) {
        report(
          `${what} is deprecated but does not name its replacement. Add \`x-replaced-by: <operationId of the replacement>\` and name that operation in the description.`,
        );
        continue;
      }
      const replacement = byId.get(target);
      if (!replacement || target === operation.operationId) {
        report(
          `${what} has \`x-replaced-by: ${target}\`, which is not the operationId of another operation in this document. Name an existing operation.`,
          'x-replaced-by',
        );
      } else if (replacement.operation.deprecated === true) {
        report(
          `${what} is replaced by \`${target}\`, which is deprecated itself. Point \`x-replaced-by\` at the current operation.`,
          'x-replaced-by',
        );
      } else if (!String(operation.description ?? '').includes(target)) {
        report(
          `${what} is replaced by \`${target}\`, but its description does not say so. Mention \`${target}\` in the description so the docs show the replacement.`,
          'description',
        );
      }
    }
  });
}

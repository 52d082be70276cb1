// platform/operation-id-kebab-case: operationIds are the reference's operation names, which are
// kebab-case (`get-call`); generators derive method names from them.

const KEBAB_CASE = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** @param {string} id */
function toKebabCase(id) {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function OperationIdKebabCase() {
  return {
    Operation: {
      enter(operation, ctx) {
        const id = operation.operationId;
        if (typeof id !== 'string' || KEBAB_CASE.test(id)) return;
        ctx.report({
          message: `operationId \`${id}\` is not kebab-case (lowercase words joined by \`-\`). Rename it, for example to \`${toKebabCase(id)}\`.`,
          location: ctx.location.child('operationId'),
        });
      },
    },
  };
}

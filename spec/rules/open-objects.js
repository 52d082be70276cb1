// platform/open-objects: every object schema says whether it is open. Generators read a missing
// `additionalProperties` as closed: openapi-typescript gives the type no index signature (and an
// object without properties becomes `Record<string, never>`), and OpenAPI Generator's clients drop
// undocumented fields. The platform sends fields its reference does not name, so the spec decides
// per object, explicitly: `true` keeps them next to the typed fields in every generated client.
// Subschemas of `if`/`then`/`else`/`not` only constrain the object around them: they are exempt.

const CONDITIONAL = /\/(if|then|else|not)(\/|$)/;

/** @param {import('@redocly/openapi-core').Oas3Schema | import('@redocly/openapi-core').Oas3_1Schema} schema */
const isObject = (schema) =>
  schema.type === 'object' ||
  (Array.isArray(schema.type) && schema.type.includes('object')) ||
  schema.properties !== undefined;

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function OpenObjects() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!isObject(schema) || 'additionalProperties' in schema || CONDITIONAL.test(ctx.location.pointer)) return;
        ctx.report({
          message:
            'Object schema without `additionalProperties`. Generators read that as closed and drop or reject fields it does not list: ' +
            'write `additionalProperties: true` where the platform may send more than is documented, or `false` where the listed fields are all there is.',
          location: ctx.location,
        });
      },
    },
  };
}

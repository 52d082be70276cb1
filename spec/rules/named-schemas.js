// platform/named-schemas: every object schema a generator will see is a named component with a
// PascalCase noun for a name (`Call`, `CallParticipant`), so that generated types get stable,
// readable names instead of `GetCall200ResponseDataItem`-style ones.
//
// A schema is a named component when it sits at `#/components/schemas/<Name>` (one-file and
// bundled documents) or is the root of a file under a `components/schemas/` folder (the
// multi-file layout this repository uses; the bundle names it after the file).
// Subschemas of `if`/`then`/`else`/`not` only constrain properties declared elsewhere; they
// produce no types, so they may stay inline.

const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/;
const CONDITIONAL = /\/(if|then|else|not)(\/|$)/;

/** @param {string} name */
function toPascalCase(name) {
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/[-_ ](\w)/g, (_, c) => c.toUpperCase());
}

/**
 * @param {import('@redocly/openapi-core').Location} location
 * @returns {string | undefined} the component name, when the location is a named component
 */
export function componentName({ source, pointer }) {
  const inDocument = /^#\/components\/schemas\/([^/]+)$/.exec(pointer);
  if (inDocument) return inDocument[1];
  const ownFile = /(?:^|[\\/])components[\\/]schemas[\\/]([^\\/]+)\.(?:ya?ml|json)$/.exec(source.absoluteRef);
  return pointer === '#/' && ownFile ? ownFile[1] : undefined;
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function NamedSchemas() {
  return {
    Schema: {
      enter(schema, ctx) {
        const name = componentName(ctx.location);
        if (name !== undefined) {
          if (!PASCAL_CASE.test(name)) {
            ctx.report({
              message: `Schema component \`${name}\` is not PascalCase. Name it as a PascalCase noun (for example \`${toPascalCase(name)}\`), renaming its file under components/schemas/ and every $ref to it.`,
              location: ctx.location,
            });
          }
          return;
        }
        const isObject =
          schema.type === 'object' ||
          (Array.isArray(schema.type) && schema.type.includes('object')) ||
          schema.properties !== undefined;
        if (!isObject || CONDITIONAL.test(ctx.location.pointer)) return;
        ctx.report({
          message:
            'Anonymous inline object schema. Generators would invent a name for it: move it to components/schemas/<PascalCaseName>.yaml ' +
            '(or `#/components/schemas/<PascalCaseName>`) and `$ref` it here.',
          location: ctx.location,
        });
      },
    },
  };
}

// platform/response-defaults: no `default` inside a response schema. No client fills defaults in,
// yet openapi-typescript types a field with a `default` as always present while Kotlin, Java and
// pydantic fill the value: the same response would read differently in each language. A field the
// platform documents a default for is optional; `x-absent-means: <value>` and its description
// ("Absent means <value>") tell the reader what a missing field stands for.
//
// Redocly's nested visitors stop at a response's top-level schema, so the rule walks the schema
// tree itself from each response body, following `$ref`s and visiting each schema once.

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];

/**
 * @typedef {{ [keyword: string]: unknown }} Node a schema read as plain JSON, since the walk visits any keyword
 * @typedef {import('@redocly/openapi-core').Location} Location
 * @typedef {import('@redocly/openapi-core').UserContext} Context
 */

/**
 * Each direct subschema with the key path from its parent.
 * @param {Node} schema
 * @returns {Generator<[(string | number)[], string | undefined, unknown]>}
 */
function* children(schema) {
  for (const key of SUBSCHEMA_MAPS)
    for (const [name, child] of Object.entries(/** @type {Node} */ (schema[key] ?? {})))
      yield [[key, name], name, child];
  for (const key of SUBSCHEMA_LISTS)
    for (const [i, child] of /** @type {unknown[]} */ (schema[key] ?? []).entries()) yield [[key, i], undefined, child];
  for (const key of SUBSCHEMAS)
    if (schema[key] && typeof schema[key] === 'object') yield [[key], undefined, schema[key]];
}

/**
 * @param {Node} schema
 * @param {string | undefined} name the property the schema describes, when it is one
 * @param {Location} location
 * @param {Context} ctx
 */
function reportDefault(schema, name, location, ctx) {
  const value = JSON.stringify(schema.default);
  ctx.report({
    message:
      `${name ? `\`${name}\`` : 'A response schema'} has a \`default\` in a response. Clients do not fill it in, but typed generators promise it: ` +
      `drop \`default\`, add \`x-absent-means: ${value}\` and say "Absent means ${value}" in the description.`,
    location: location.child('default'),
  });
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function ResponseDefaults() {
  /** @type {Set<Node>} */
  const seen = new Set();
  /**
   * @param {unknown} node a schema or a `$ref` to one
   * @param {string | undefined} name the property it describes, when it is one
   * @param {Location} location
   * @param {Context} ctx
   */
  const walk = (node, name, location, ctx) => {
    if (!node || typeof node !== 'object') return;
    const json = /** @type {Node} */ (node);
    const { node: schema, location: at } = json.$ref
      ? ctx.resolve(json, location.source.absoluteRef)
      : { node: json, location };
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if ('default' in schema) reportDefault(schema, name, at, ctx);
    for (const [path, childName, child] of children(schema)) walk(child, childName, at.child(path), ctx);
  };
  return {
    Response: {
      MediaType: {
        enter(media, ctx) {
          if (media.schema) walk(media.schema, undefined, ctx.location.child('schema'), ctx);
        },
      },
    },
  };
}

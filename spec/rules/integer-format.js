// platform/integer-format: every integer says how wide it is. Typed generators read an integer
// without `format` as 32-bit (OpenAPI Generator: Rust `i32`, Kotlin `Int`, Go `int32`, Java
// `Integer`), so a Unix timestamp after 2038-01-19 fails to decode. Timestamps (a property named
// `…At`, or a schema whose description says "timestamp") are `int64`; an `int32` allows no
// `minimum`/`maximum` beyond 32 bits.

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
const FORMATS = ['int32', 'int64'];
const BOUNDS = /** @type {const} */ (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']);

/** @typedef {import('@redocly/openapi-core').Oas3Schema | import('@redocly/openapi-core').Oas3_1Schema} Schema */

/** @param {Schema} schema */
const isInteger = (schema) =>
  schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

/**
 * @param {Schema} schema
 * @param {string | number} key the property name or array index the schema sits under
 * @returns {boolean} whether the schema holds a point in time
 */
function isTimestamp(schema, key) {
  return (typeof key === 'string' && /[a-z]At$/.test(key)) || /timestamp/i.test(schema.description ?? '');
}

/**
 * @param {Schema} schema
 * @param {string | number} key the property name or array index the schema sits under
 * @returns {string | undefined} what is wrong with the schema's format, when something is
 */
function problem(schema, key) {
  const name = typeof key === 'string' ? `\`${key}\`` : 'This integer';
  if (schema.format === undefined) {
    return (
      `${name} is an integer without \`format\`. Typed generators read it as 32-bit, and a timestamp after 2038-01-19 no longer decodes: ` +
      'add `format: int64` (timestamps, anything that may pass 2147483647) or `format: int32`.'
    );
  }
  if (!FORMATS.includes(schema.format)) {
    return `${name} has integer format \`${schema.format}\`. Generators know \`int32\` and \`int64\`: use one of them.`;
  }
  if (schema.format === 'int32' && isTimestamp(schema, key)) {
    return `${name} is a timestamp with \`format: int32\`. A Unix timestamp passes 2147483647 on 2038-01-19: use \`format: int64\`.`;
  }
  const beyond = BOUNDS.find((bound) => {
    const value = schema[bound];
    return typeof value === 'number' && (value < INT32.min || value > INT32.max);
  });
  if (schema.format === 'int32' && beyond) {
    return `${name} has \`format: int32\` but its \`${beyond}\` ${schema[beyond]} does not fit in 32 bits. Use \`format: int64\`.`;
  }
  return undefined;
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function IntegerFormat() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!isInteger(schema)) return;
        const message = problem(schema, ctx.key);
        if (message) ctx.report({ message, location: ctx.location });
      },
    },
  };
}

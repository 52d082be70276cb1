// platform/number-format: every `number` says how precise it is. Without `format`, OpenAPI
// Generator's Go client reads it as `float32`, which keeps about seven digits: a minute total of
// 0.31666666666666665 comes back as 0.31666666. `format: double` is a 64-bit float in every
// generated client (Go `float64`, Java and Kotlin `Double`, Rust `f64`).

/** @param {import('@redocly/openapi-core').Oas3Schema | import('@redocly/openapi-core').Oas3_1Schema} schema */
const isNumber = (schema) => schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number'));

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function NumberFormat() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!isNumber(schema) || schema.format === 'double' || schema.format === 'float') return;
        const name = typeof ctx.key === 'string' ? `\`${ctx.key}\`` : 'This number';
        const what =
          schema.format === undefined ? 'is a number without `format`' : `has number format \`${schema.format}\``;
        ctx.report({
          message: `${name} ${what}. Some generators then read it as a 32-bit float (Go \`float32\`) and lose digits: add \`format: double\`.`,
          location: ctx.location,
        });
      },
    },
  };
}

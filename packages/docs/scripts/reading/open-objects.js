// Redoc draws `additionalProperties: true` as a row "property name* any additional property" under
// every open object: ten times in Get Call's response alone, in words a reader does not use. An
// object is open without the keyword too (JSON Schema's default), and each open schema of the spec
// says in its description that other fields may be present; so in the docs' copy of the bundle only,
// an explicit `additionalProperties: true` goes. The published bundle keeps it for the tools.

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function openObjects() {
  return {
    Schema: {
      leave(schema) {
        if (schema.additionalProperties === true) delete schema.additionalProperties;
      },
    },
  };
}

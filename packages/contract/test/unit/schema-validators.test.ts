// The parameter validators leave the meta-schema check to the body validators' Ajv (one meta-schema
// compiled per thread): a schema that is not valid JSON Schema must still be refused, by either.
import { describe, expect, it } from 'vitest';
import { SchemaValidators } from '../../src/check/schema-validators.js';
import type { OpenApiDocument } from '../../src/index.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 'schemas', version: '1.0.0' },
  paths: {},
  components: { schemas: { Bad: { type: 'string', minLength: 'five' }, Good: { type: 'integer' } } },
} as unknown as OpenApiDocument;

describe('SchemaValidators', () => {
  it('refuses an invalid schema as a parameter and as a body, with Ajv message', () => {
    const validators = new SchemaValidators(doc);
    expect(() => validators.param('/components/schemas/Bad')).toThrow(
      /^schema is invalid: .*minLength must be integer/,
    );
    expect(() => validators.body('/components/schemas/Bad')).toThrow(/^schema is invalid: .*minLength must be integer/);
  });

  it('still coerces parameter values to the schema type', () => {
    const validate = new SchemaValidators(doc).param('/components/schemas/Good');
    const wrapped = { value: '42' };
    expect(validate(wrapped)).toBe(true);
    expect(wrapped.value).toBe(42);
    expect(validate({ value: 'forty-two' })).toBe(false);
  });
});

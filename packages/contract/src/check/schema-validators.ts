import { valueAtPointer } from '@chatplatform/spec';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from '../read/spec-document.js';

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports` at run time.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

const SPEC_ID = 'openapi-spec';

/**
 * Compiles the spec's schemas with Ajv's JSON Schema 2020-12 build (OpenAPI 3.1's dialect), once
 * per schema location, and caches the compiled functions. Schemas are compiled by reference into
 * the whole document so that `#/components/...` refs resolve as they do in the spec.
 */
export class SchemaValidators {
  private readonly bodies: Ajv2020;
  private readonly params: Ajv2020;
  private readonly bodyCache = new Map<string, ValidateFunction>();
  private readonly paramCache = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    this.bodies = createAjv(doc, { coerceTypes: false, validateSchema: false });
    // Path, query and header values are strings on the wire: coerce them to the schema's type.
    this.params = createAjv(doc, { coerceTypes: true, validateSchema: false });
  }

  /**
   * Throws Ajv's own "schema is invalid: …" for a schema the meta-schema refuses. One checker per
   * document compiles the meta-schema (about 55 ms) once, however many validators share the document.
   */
  private checked<T extends object>(schema: T): T {
    let checker = schemaCheckers.get(this.doc);
    if (!checker) {
      checker = createAjv(undefined, { coerceTypes: false, validateSchema: true });
      schemaCheckers.set(this.doc, checker);
    }
    checker.validateSchema(schema, true);
    return schema;
  }

  private inlined(pointer: string): object {
    return inlineLocalRefs(this.doc, { $ref: `#${pointer}` }) as object;
  }

  /** Validator for the schema at `pointer` (a JSON Pointer into the spec). */
  body(pointer: string): ValidateFunction {
    let validate = this.bodyCache.get(pointer);
    if (!validate) {
      validate = this.bodies.compile(this.checked(this.inlined(pointer)));
      this.bodyCache.set(pointer, validate);
    }
    return validate;
  }

  /** Validator for a parameter or header value wrapped as `{ value }`, so strings can be coerced. */
  param(pointer: string): ValidateFunction {
    let validate = this.paramCache.get(pointer);
    if (!validate) {
      const schema = { type: 'object', properties: { value: this.inlined(pointer) } };
      validate = this.params.compile(this.checked(schema));
      this.paramCache.set(pointer, validate);
    }
    return validate;
  }
}

/**
 * The schema at `pointer` with every local `$ref` replaced by its target, recursively; a `$ref`
 * back into a schema being inlined stays a reference into the document. Ajv compiles a `$ref` as
 * a call whose errors it concatenates onto the caller's (`vErrors.concat`), which is quadratic in
 * the number of failing items of an array of references; inlined, each error is pushed once.
 */
function inlineLocalRefs(doc: OpenApiDocument, node: unknown, within: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineLocalRefs(doc, item, within));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, ...rest } = node as Record<string, unknown>;
  const inlinedRest = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, inlineLocalRefs(doc, value, within)]),
  );
  if (typeof $ref !== 'string' || !$ref.startsWith('#/'))
    return $ref === undefined ? inlinedRest : { $ref, ...inlinedRest };
  if (within.includes($ref)) return { $ref: `${SPEC_ID}#${encodePointer($ref.slice(1))}`, ...inlinedRest };
  const target = inlineLocalRefs(doc, valueAtPointer(doc, $ref.slice(1)), [...within, $ref]);
  return Object.keys(inlinedRest).length === 0 ? target : { allOf: [target], ...inlinedRest };
}

/** The schema checker of each document (see SchemaValidators.checked). */
const schemaCheckers = new WeakMap<OpenApiDocument, Ajv2020>();

function createAjv(
  doc: OpenApiDocument | undefined,
  options: { coerceTypes: boolean; validateSchema: boolean },
): Ajv2020 {
  // strict: false because the document around the schemas (info, paths, examples…) is not a
  // JSON Schema; logger: false keeps unknown-keyword notices out of reports.
  const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false, ...options });
  addFormats(ajv);
  if (doc) ajv.addSchema(doc as object, SPEC_ID, undefined, false);
  return ajv;
}

/** Ajv resolves `$ref` fragments as URI fragments: percent-encode what a URI fragment cannot hold. */
function encodePointer(pointer: string): string {
  return pointer.replace(/[{}%" <>\\^`|]/g, (c) => encodeURIComponent(c));
}

export type { ErrorObject, ValidateFunction };

// Redoc shows a schema's `if`/`then`/`else` as "One of" two tabs, which reads as two response types.
// In the docs' copy of the bundle only, a conditional of the shape the spec uses ("when P is V, Q is
// required") becomes one sentence of the schema's description, and the schema one type. The
// published bundle keeps the conditional for validators and generators. A conditional of another
// shape fails the build: say here how to read it before the page can show it.

/** @param {object} node @param {string[]} keys whether the node has no other keys */
const ONLY = (node, keys) => Object.keys(node).every((key) => keys.includes(key));
/** @param {unknown} value */
const code = (value) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
/** @param {string[]} names */
const list = (names) => names.map(code).join(names.length > 2 ? ', ' : ' and ');

/**
 * A schema as this reading sees it: the keywords of a conditional, read as the spec's JSON.
 * @typedef {{ if?: Schema, then?: Schema, else?: Schema, required?: string[], const?: unknown,
 *   properties?: Record<string, Schema>, description?: string, title?: string }} Schema
 */

/**
 * `{ required: [P], properties: { P: { const: V } } }` -> [P, V], else undefined.
 * @param {Schema | undefined} condition
 * @returns {[string, unknown] | undefined}
 */
function constCondition(condition) {
  if (!condition || !ONLY(condition, ['required', 'properties', 'title', 'description'])) return undefined;
  const entries = Object.entries(condition.properties ?? {});
  if (entries.length !== 1) return undefined;
  const [[name, test]] = entries;
  return test && ONLY(test, ['const']) && 'const' in test ? [name, test.const] : undefined;
}

/**
 * The sentences for `schema`'s conditional, or an error naming what the docs cannot read.
 * @param {Schema} schema
 * @param {string} where the schema's place, for the message
 */
export function conditionalSentence(schema, where) {
  const condition = constCondition(schema.if);
  const { then: consequence = {}, else: otherwise = {} } = schema;
  const added = Object.keys(consequence.properties ?? {}).filter((name) => !(name in (schema.properties ?? {})));
  const required = consequence.required ?? [];
  const readable =
    condition &&
    ONLY(consequence, ['required', 'properties', 'title', 'description']) &&
    required.length &&
    !added.length &&
    ONLY(otherwise, ['title', 'description']);
  if (!readable) {
    throw new Error(
      `${where}: the docs show a schema's if/then/else as one sentence only when it reads "when P is V, Q is required" ` +
        '(scripts/reading/conditional-as-prose.js); extend it for this conditional.',
    );
  }
  const [name, value] = condition;
  const verb = required.length > 1 ? 'are' : 'is';
  return {
    sentence: `**Conditional:** when ${code(name)} is ${code(value)}, ${list(required)} ${verb} required.`,
    required,
    when: `Required when ${code(name)} is ${code(value)}.`,
  };
}

/** @param {string | undefined} description @param {string} sentence */
const appended = (description, sentence) => (description ? `${description.trimEnd()}\n\n${sentence}` : sentence);

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function conditionalAsProse() {
  return {
    Schema: {
      leave(node, ctx) {
        if (!node || typeof node !== 'object' || !('if' in node)) return;
        const schema = /** @type {Schema} */ (node);
        const { sentence, required, when } = conditionalSentence(schema, `schema at ${ctx.location.pointer}`);
        schema.description = appended(schema.description, sentence);
        // The page shows an array's items through their fields: each conditional one says it too.
        for (const field of required) {
          const property = schema.properties?.[field];
          if (property && !property.description?.includes(when))
            property.description = appended(property.description, when);
        }
        delete schema.if;
        delete schema.then;
        delete schema.else;
      },
    },
  };
}

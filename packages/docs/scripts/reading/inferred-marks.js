// The page states some facts the platform's reference does not (field names from its later
// published responses, fractional minute totals, an illustrative example, the service's domain).
// The spec marks each with `x-inferred: <reason>`: on a schema, an example or a server variable.
// In the docs' copy of the bundle only, each gets a visible mark, "Inferred", whose reason is one
// click away: the mark is a Markdown link carrying the reason as its title, which the page turns
// into a button that shows it (scripts/page-aids.js). The reasons are the spec's; nothing here names
// an API fact.

export const MARK = 'Inferred';
/** The href every mark has; the page finds the marks by it. */
export const MARK_HREF = '#inferred';

/** A Markdown title in double quotes (a `|` escaped too, so a mark in a table cell keeps the table). */
/** @param {string} reason */
const title = (reason) => reason.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\|/g, '\\|');

/** The mark, in Markdown, for a fact the spec gives `reason` for. @param {string} reason */
export const inferredMark = (reason) => `[${MARK}](${MARK_HREF} "${title(reason)}")`;

/** @param {string | undefined} description @param {string} reason */
const marked = (description, reason) => `${inferredMark(reason)} ${description ?? ''}`.trimEnd();

/** @param {string} text */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * In each `## ` section of a description, the first code span that shows an inferred value gets the
 * value's mark after it (once per section: the guide repeats a host in every row of its tables).
 * @template {unknown} D
 * @param {D} description
 * @param {InferredValue[]} values
 * @returns {D | string}
 */
export function markValues(description, values) {
  if (typeof description !== 'string' || !values.length) return description;
  return description
    .split(/(?=^## )/m)
    .map((section) => {
      let out = section;
      for (const { value, reason } of values) {
        const span = new RegExp(`\`[^\`\\n]*${escapeRegExp(value)}[^\`\\n]*\`(?! \\[${MARK}\\])`);
        out = out.replace(span, (code) => `${code} ${inferredMark(reason)}`);
      }
      return out;
    })
    .join('');
}

/**
 * Every description of the guide, the tags and the operations, with the inferred values marked.
 * @param {import('@redocly/openapi-core').Oas3_1Definition} document
 * @param {InferredValue[]} values
 */
function markDescriptions(document, values) {
  if (!values.length) return;
  /** @param {{ description?: unknown } | undefined} holder */
  const mark = (holder) => {
    if (holder && typeof holder.description === 'string') holder.description = markValues(holder.description, values);
  };
  mark(document.info);
  for (const tag of document.tags ?? []) mark(tag);
  for (const pathItem of Object.values(document.paths ?? {}))
    for (const operation of Object.values(pathItem ?? {})) if (operation?.responses) mark(operation);
}

/**
 * @typedef {{ value: string, reason: string }} InferredValue a server variable's default and why it is inferred
 * @typedef {{ 'x-inferred'?: unknown }} Extended a node the spec may mark inferred
 */

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function inferredMarks() {
  /** @type {InferredValue[]} Server variable defaults the spec marks inferred (the domain, the management host), longest first. */
  const values = [];
  return {
    Schema: {
      leave(node) {
        const schema = /** @type {Extended & { description?: string }} */ (node);
        if (typeof schema['x-inferred'] === 'string')
          schema.description = marked(schema.description, schema['x-inferred']);
      },
    },
    Example: {
      leave(node) {
        const example = /** @type {Extended & { summary?: string, description?: string }} */ (node);
        if (typeof example['x-inferred'] !== 'string') return;
        example.summary = `${example.summary ?? 'Example'} (${MARK.toLowerCase()})`;
        example.description = marked(example.description, example['x-inferred']);
      },
    },
    ServerVariable: {
      leave(node) {
        const variable = /** @type {Extended & { default?: unknown }} */ (node);
        const reason = variable['x-inferred'];
        if (typeof reason !== 'string' || typeof variable.default !== 'string') return;
        if (!values.some((v) => v.value === variable.default)) values.push({ value: variable.default, reason });
      },
    },
    Root: {
      leave(document) {
        values.sort((a, b) => b.value.length - a.value.length);
        markDescriptions(/** @type {import('@redocly/openapi-core').Oas3_1Definition} */ (document), values);
      },
    },
  };
}

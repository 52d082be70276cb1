// The page states some facts the platform's reference does not (field names from its later
// published responses, fractional minute totals, an illustrative example). The spec marks each
// with `x-inferred: <reason>`; in the docs' copy of the bundle only, each marked field and example
// opens its description with a visible mark, "Inferred:", and its reason (Redoc renders no HTML in
// a description, so the reason is a sentence beside the mark). The reasons are the spec's; nothing
// here names an API fact.

const MARK = 'Inferred';

const marked = (description, reason) => `**${MARK}:** ${reason}\n\n${description ?? ''}`.trimEnd();

export function inferredMarks() {
  return {
    Schema: {
      leave(schema) {
        if (typeof schema['x-inferred'] === 'string')
          schema.description = marked(schema.description, schema['x-inferred']);
      },
    },
    Example: {
      leave(example) {
        if (typeof example['x-inferred'] !== 'string') return;
        example.summary = `${example.summary ?? 'Example'} (${MARK.toLowerCase()})`;
        example.description = marked(example.description, example['x-inferred']);
      },
    },
  };
}

// The spec names every area of the platform's reference as a tag, most with no operation yet. Redoc
// gives each its own empty section (16 of them, each saying only that nothing is specified). In the
// docs' copy of the bundle only, tags without an operation leave the navigation and become one
// table, "Areas not specified yet", at the end of the guide, each with its one-line description.

const HEADING = '## Areas not specified yet';
const NOT_YET = /\s*Its operations are not specified in this spec yet\.\s*$/;

/**
 * The parts of the document this reading rewrites, as the spec's JSON.
 * @typedef {{ name: string, description?: string }} Tag
 * @typedef {{ name: string, tags: string[] }} TagGroup
 * @typedef {{ [method: string]: { tags?: string[] } | undefined }} PathItem read by its operation keys only
 * @typedef {{ info: { description?: string }, tags?: Tag[], 'x-tagGroups'?: TagGroup[],
 *   paths?: Record<string, PathItem | undefined> }} Document
 */

/**
 * Tags named by an operation of the document.
 * @param {Document} document
 * @param {readonly string[]} methods
 */
function tagsInUse(document, methods) {
  /** @type {Set<string>} */
  const used = new Set();
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const method of methods) for (const tag of pathItem?.[method]?.tags ?? []) used.add(tag);
  }
  return used;
}

/** @param {Tag[]} tags */
function areasTable(tags) {
  const rows = tags.map(({ name, description = '' }) => {
    const what = description.replace(NOT_YET, '').replace(/\s+/g, ' ').trim() || 'Not described yet.';
    return `| ${name} | ${what.replace(/\|/g, '\\|')} |`;
  });
  return [
    HEADING,
    '',
    "The platform's reference has these areas too; this spec does not describe their operations yet.",
    '',
    '| Area | What it covers |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

/** @param {readonly string[]} methods OpenAPI's operation keys */
export function unspecifiedAreas(methods) {
  /** @returns {import('@redocly/openapi-core').Oas3Visitor} */
  return () => ({
    Root: {
      leave(root) {
        const document = /** @type {Document} */ (root);
        const used = tagsInUse(document, methods);
        const tags = document.tags ?? [];
        const unused = tags.filter((tag) => !used.has(tag.name));
        if (!unused.length) return;
        const names = new Set(unused.map((tag) => tag.name));
        document.tags = tags.filter((tag) => !names.has(tag.name));
        if (document['x-tagGroups']) {
          document['x-tagGroups'] = document['x-tagGroups']
            .map((group) => ({ ...group, tags: group.tags.filter((name) => !names.has(name)) }))
            .filter((group) => group.tags.length);
        }
        const description = document.info.description ?? '';
        if (!description.includes(HEADING))
          document.info.description = `${description.trimEnd()}\n\n${areasTable(unused)}\n`;
      },
    },
  });
}

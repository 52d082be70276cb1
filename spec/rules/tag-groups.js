// platform/tag-groups: every resource area is a tag, and the docs show tags only through
// `x-tagGroups` (Redoc hides tags no group lists). So each declared tag belongs to exactly one
// group, and groups list only declared tags. A group is not named like a tag it holds: the docs'
// navigation would show "Groups" inside "Groups".

/** @typedef {{ name: string, tags?: string[] }} TagGroup an entry of Redoc's `x-tagGroups` */

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function TagGroups() {
  return {
    Root: {
      leave(root, ctx) {
        const declared = (root.tags ?? []).map((t) => t.name);
        const groups = /** @type {{ 'x-tagGroups'?: TagGroup[] }} */ (root)['x-tagGroups'];
        if (!Array.isArray(groups)) {
          ctx.report({
            message:
              'The document has no `x-tagGroups`. Add it at the root and list every tag in one group so the docs show all resource areas.',
            location: ctx.location.child('tags'),
          });
          return;
        }
        /** @type {Map<string, string>} tag -> the group it was first listed in */
        const seen = new Map();
        groups.forEach((group, g) => {
          if ((group.tags ?? []).includes(group.name)) {
            ctx.report({
              message: `x-tagGroups group \`${group.name}\` holds a tag of the same name. Name the group for the areas it gathers.`,
              location: ctx.location.child(['x-tagGroups', g, 'name']),
            });
          }
          (group.tags ?? []).forEach((tag, t) => {
            const at = ctx.location.child(['x-tagGroups', g, 'tags', t]);
            if (!declared.includes(tag)) {
              ctx.report({
                message: `x-tagGroups group \`${group.name}\` lists \`${tag}\`, which is not a declared tag. Declare it under \`tags\` with a description, or remove it.`,
                location: at,
              });
            } else if (seen.has(tag)) {
              ctx.report({
                message: `Tag \`${tag}\` is listed in both \`${seen.get(tag)}\` and \`${group.name}\`. Keep it in one group.`,
                location: at,
              });
            } else {
              seen.set(tag, group.name);
            }
          });
        });
        declared.forEach((tag, i) => {
          if (seen.has(tag)) return;
          ctx.report({
            message: `Tag \`${tag}\` is in no x-tagGroups group, so the docs would hide it. Add it to one group in \`x-tagGroups\`.`,
            location: ctx.location.child(['tags', i]),
          });
        });
      },
    },
  };
}

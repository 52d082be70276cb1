// platform/path-files: in the multi-file layout (Redocly's starter), each path lives in its own
// file under paths/, named after the path with `_` for `/` and `{param}` kept:
// `/calls/{sessionId}` -> `paths/calls_{sessionId}.yaml`. Then a path is found by its name.
// Path items written inline (one-file and bundled documents) are not checked.

/** @param {string} path */
export function expectedFileName(path) {
  return `${path.replace(/^\//, '').replaceAll('/', '_')}.yaml`;
}

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function PathFiles() {
  return {
    Paths: {
      enter(paths, ctx) {
        // The path items as written, before Redocly resolves them: a `$ref` to each one's file.
        for (const [path, item] of Object.entries(/** @type {Record<string, { $ref?: unknown }>} */ (paths))) {
          if (typeof item?.$ref !== 'string') continue;
          const [file = '', pointer] = item.$ref.split('#');
          const expected = expectedFileName(path);
          const actual = file.split(/[\\/]/).at(-1);
          const inPathsFolder = /(^|[\\/])paths[\\/][^\\/]+$/.test(file);
          if (actual === expected && inPathsFolder && !pointer) continue;
          ctx.report({
            message:
              `Path \`${path}\` refers to \`${item.$ref}\`. Each path lives in its own file, named after the path with \`_\` for \`/\`: ` +
              `move it to \`paths/${expected}\` and set \`$ref: paths/${expected}\`.`,
            location: ctx.location.child([path]),
          });
        }
      },
    },
  };
}

// platform/no-version-in-path: the API version lives in the server URL (`.../v3`), never in a
// path, so that one document describes one version and paths stay stable across versions.

const VERSION_SEGMENT = /^v\d+(?:\.\d+)*$/i;

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function NoVersionInPath() {
  return {
    Paths: {
      enter(paths, ctx) {
        for (const path of Object.keys(paths)) {
          const segment = path.split('/').find((s) => VERSION_SEGMENT.test(s));
          if (!segment) continue;
          ctx.report({
            message:
              `Path \`${path}\` carries the version segment \`/${segment}\`. The version belongs in the server URL ` +
              `(for example \`https://{appId}.api-{region}.{serviceDomain}/${segment}\`): remove \`/${segment}\` from the path.`,
            location: ctx.location.child([path]).key(),
          });
        }
      },
    },
  };
}

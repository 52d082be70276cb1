// Redoc (version 3, as @redocly/cli ships it) names a security scheme by its key in
// components.securitySchemes and reads no display name for one (no x-displayName, no title): every
// operation's Security box, its "View security details" dialog and the search said "apiKey", while
// the header a request carries is `apikey`, the confusion the guide's Authentication rule 1 warns
// about. In the docs' copy of the bundle only, each API-key scheme is keyed by what a request sends
// ("apikey header"), in components and in every security requirement. The published bundle keeps
// its keys: the generated clients name their settings after them, and so do the code samples, which
// the code-samples decorator renders earlier in the same pass (PathItem.enter, before this Root.leave).

/** @type {Record<string, string | undefined>} an apiKey's `in` -> how the page says it */
const WHERE = { header: 'header', query: 'query parameter', cookie: 'cookie' };

/**
 * The parts of the document this reading rewrites, as the spec's JSON.
 * @typedef {{ type?: string, in?: string, name?: string, $ref?: string }} Scheme a security scheme or a `$ref` to one
 * @typedef {Record<string, string[]>} Requirement scheme key -> roles
 * @typedef {{ [method: string]: { security?: Requirement[] } | undefined }} PathItem read by its operation keys only
 * @typedef {{ components?: { securitySchemes?: Record<string, Scheme> }, security?: Requirement[],
 *   paths?: Record<string, PathItem | undefined>, webhooks?: Record<string, PathItem | undefined> }} Document
 */

/**
 * What the page calls a scheme: what the request sends ("apikey header"); other schemes keep their key.
 * @param {string} key
 * @param {Scheme | undefined} scheme
 */
export function schemeDisplayName(key, scheme) {
  if (scheme?.type !== 'apiKey' || !scheme.name || !WHERE[scheme.in ?? '']) return key;
  return `${scheme.name} ${WHERE[scheme.in ?? '']}`;
}

/**
 * Scheme key -> the name shown; two schemes that would show alike fail the build.
 * @param {Record<string, Scheme | undefined>} schemes
 * @returns {Map<string, string>}
 */
export function displayNames(schemes) {
  /** @type {Map<string, string>} name shown -> scheme key */
  const keyOf = new Map();
  for (const [key, scheme] of Object.entries(schemes)) {
    const shown = schemeDisplayName(key, scheme);
    if (keyOf.has(shown)) {
      throw new Error(
        `The security schemes "${keyOf.get(shown)}" and "${key}" would both show as "${shown}" on the page ` +
          '(scripts/reading/schemes-by-header.js); give one of them another header or say here how to tell them apart.',
      );
    }
    keyOf.set(shown, key);
  }
  return new Map([...keyOf].map(([shown, key]) => [key, shown]));
}

/**
 * @param {Requirement[]} requirements
 * @param {Map<string, string>} names
 */
const renamed = (requirements, names) =>
  requirements.map((requirement) =>
    Object.fromEntries(Object.entries(requirement).map(([key, scopes]) => [names.get(key) ?? key, scopes])),
  );

/** @param {readonly string[]} methods OpenAPI's operation keys */
export function schemesByHeader(methods) {
  /** @returns {import('@redocly/openapi-core').Oas3Visitor} */
  return () => ({
    Root: {
      leave(root, ctx) {
        const document = /** @type {Document} */ (root);
        const { components } = document;
        const schemes = components?.securitySchemes;
        if (!components || !schemes) return;
        const resolved = Object.fromEntries(
          Object.entries(schemes).map(([key, scheme]) => [key, scheme?.$ref ? ctx.resolve(scheme).node : scheme]),
        );
        const names = displayNames(resolved);
        components.securitySchemes = Object.fromEntries(
          Object.entries(schemes).map(([key, scheme]) => [names.get(key), scheme]),
        );
        if (document.security) document.security = renamed(document.security, names);
        for (const item of [...Object.values(document.paths ?? {}), ...Object.values(document.webhooks ?? {})]) {
          for (const method of methods) {
            if (item?.[method]?.security) item[method].security = renamed(item[method].security, names);
          }
        }
      },
    },
  });
}

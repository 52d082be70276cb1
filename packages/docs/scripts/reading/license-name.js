// Redoc names a license by its SPDX `identifier` when there is one, so the page said
// "License LicenseRef-Proprietary": an SPDX reference written for tools, not for readers. In the
// docs' copy of the bundle only, a `LicenseRef-` identifier gives way to the license's name; the
// published bundle keeps it for the tools that read it (and Redocly's info-license-strict rule).

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function licenseName() {
  return {
    Info: {
      leave(info) {
        // OpenAPI 3.1's license has an SPDX `identifier` (Redocly types the 3.0 one).
        const license = /** @type {{ name?: string, identifier?: string } | undefined} */ (info.license);
        if (license?.name && license.identifier?.startsWith('LicenseRef-')) delete license.identifier;
      },
    },
  };
}

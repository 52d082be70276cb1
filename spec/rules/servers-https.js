// platform/servers-https: the platform requires HTTPS for all calls.

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function ServersHttps() {
  return {
    Server: {
      enter(server, ctx) {
        if (typeof server.url !== 'string' || server.url.startsWith('https://')) return;
        ctx.report({
          message: `Server URL \`${server.url}\` is not HTTPS. The platform requires HTTPS for all calls: write it as an absolute \`https://\` URL.`,
          location: ctx.location.child('url'),
        });
      },
    },
  };
}

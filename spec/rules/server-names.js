// platform/server-names: every server carries its address's name in `x-ogen-server-name`
// (`Calls`, `Chat`, `Management`). ogen writes a server URL builder (`CallsServer{}.Build()`,
// each variable's default filled in) only for a named server, so without it an ogen client has no
// default address; the name follows the address so that the builder's name never changes.
import { addressKind } from './addresses.js';

/** The extension ogen reads a server's name from. */
export const SERVER_NAME_KEY = 'x-ogen-server-name';

/** @type {Record<'calls' | 'chat' | 'management', string>} */
export const SERVER_NAMES = { calls: 'Calls', chat: 'Chat', management: 'Management' };

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function ServerNames() {
  return {
    Server: {
      enter(server, ctx) {
        if (typeof server.url !== 'string') return;
        const expected = SERVER_NAMES[addressKind(server.url)];
        const found = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (server))[SERVER_NAME_KEY];
        if (found === expected) return;
        ctx.report({
          message:
            `Server \`${server.url}\` ${found === undefined ? 'has no' : `has \`${found}\` as its`} \`${SERVER_NAME_KEY}\`. ` +
            `Set \`${SERVER_NAME_KEY}: ${expected}\`, the name of its address, so that ogen writes its URL builder.`,
          location: found === undefined ? ctx.location : ctx.location.child(SERVER_NAME_KEY),
        });
      },
    },
  };
}

// platform/calls-host: the Calls area is served from its own host. Every operation under
// `/calls` must be served (through path-level or operation-level `servers`; the document's
// servers are the Chat address) from the Calls address only, and no other path may use it.

import {
  addressKind,
  CALLS_URL,
  CALLS_URL_TEXT,
  CHAT_URL_TEXT,
  describeOperation,
  effectiveServers,
} from './addresses.js';
import { collectOperations } from './operations.js';

/** @param {string} path */
const isCallsPath = (path) => path === '/calls' || path.startsWith('/calls/');

/** @returns {import('@redocly/openapi-core').Oas3Visitor} */
export function CallsHost() {
  return collectOperations((operations, _root, ctx) => {
    for (const op of operations) {
      const { operation, pathItem, path } = op;
      const own = operation.servers ?? pathItem.servers;
      const servers = effectiveServers(op);
      const what = describeOperation(op);
      if (isCallsPath(path)) {
        const wrong = servers.filter((s) => !CALLS_URL.test(s.url)).map((s) => `\`${s.url}\``);
        if (own?.length && !wrong.length) continue;
        ctx.report({
          message:
            `${what} is in the Calls area, so it must be served from the Calls address \`${CALLS_URL_TEXT}\` ` +
            (own ? `only (found ${wrong.join(', ') || 'no server'}). ` : '(it inherits the document servers). ') +
            `Give the path item a \`servers\` list holding just that URL.`,
          location: operation.servers ? op.location.child('servers') : op.location,
        });
      } else {
        const calls = servers.filter((s) => addressKind(s.url) === 'calls');
        if (!calls.length) continue;
        ctx.report({
          message:
            `${what} is not under \`/calls\` but is served from the Calls address (${calls.map((s) => `\`${s.url}\``).join(', ')}). ` +
            'Only the Calls area uses the `call-` host; ' +
            `remove that server so the operation uses the Chat address \`${CHAT_URL_TEXT}\`.`,
          location: op.location,
        });
      }
    }
  });
}

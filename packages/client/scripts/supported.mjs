// What the client can send, checked against the spec at generation (scripts/generate.mjs): the
// client builds requests itself (src/request.ts) and serializes only path and header parameters
// and JSON bodies, so a spec that grows a query parameter or another body type stops the build,
// rather than the client sending it wrong.
import { resolveRef } from '@chatplatform/spec';

/** Throws, naming the operation (`where`) and what the client cannot send, if `op` of path `item` needs more. */
export function checkSupported(spec, where, item, op) {
  for (const parameter of [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => resolveRef(spec, p))) {
    if (parameter?.in !== 'path' && parameter?.in !== 'header') {
      throw new Error(
        `${where}: parameter ${parameter?.name} is in ${parameter?.in}; the client serializes path and header parameters only (src/request.ts)`,
      );
    }
  }
  for (const type of Object.keys(resolveRef(spec, op.requestBody)?.content ?? {})) {
    if (!/^application\/(.+\+)?json$/.test(type)) {
      throw new Error(`${where}: request body ${type}; the client sends JSON bodies only (src/request.ts)`);
    }
  }
}

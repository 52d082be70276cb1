// What a generated client sent for an operation, read on the wire (the fixture server's record of
// each request's headers), against the spec's security schemes: each scheme's header carries its
// credential exactly when the operation's security names the scheme, and no request carries
// `Authorization`, where a client that ignored the README's setting sends its own default
// (openapi-python-client's `Authorization: Bearer KEY`).
import type { IncomingHttpHeaders } from 'node:http';

export interface WireRequest {
  path: string;
  headers: IncomingHttpHeaders;
}

/** The header each security scheme sends its credential in (lower case, as Node reads it); only header schemes. */
export function credentialHeaders(spec: any): Record<string, string> {
  return Object.fromEntries(
    Object.entries<any>(spec.components.securitySchemes).map(([scheme, { in: where, name }]) => {
      if (where !== 'header') throw new Error(`the spec's security scheme ${scheme} is not sent in a header`);
      return [scheme, String(name).toLowerCase()];
    }),
  );
}

/** An operation's path template and its first security requirement's schemes (what every client here sends). */
function operationOf(spec: any, operationId: string): { path: string; schemes: string[] } {
  for (const [path, item] of Object.entries<any>(spec.paths))
    for (const operation of Object.values<any>(item))
      if (operation?.operationId === operationId) {
        const [requirement] = operation.security ?? spec.security;
        return { path, schemes: Object.keys(requirement ?? {}) };
      }
  throw new Error(`the bundle has no operation ${operationId}`);
}

/**
 * What is wrong with the credentials of the requests sent for `operationId` (empty when nothing
 * is): `credentials` holds the made-up credential the client was given for each scheme.
 */
export function credentialProblems(
  spec: any,
  operationId: string,
  requests: WireRequest[],
  credentials: Record<string, string>,
): string[] {
  const { path, schemes } = operationOf(spec, operationId);
  const pattern = new RegExp(`${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const sent = requests.filter((request) => pattern.test(request.path));
  if (sent.length === 0) return [`no ${operationId} request reached the server`];
  const problems: string[] = [];
  for (const { headers } of sent) {
    for (const [scheme, header] of Object.entries(credentialHeaders(spec))) {
      const expected = schemes.includes(scheme) ? credentials[scheme] : undefined;
      if (headers[header] !== expected)
        problems.push(
          `${operationId}: \`${header}\` ${expected ? `does not carry the ${scheme} credential` : 'is sent'}`,
        );
    }
    if ('authorization' in headers) problems.push(`${operationId}: an Authorization header is sent`);
  }
  return problems;
}

// What the first-call programs (install/*) need to know about the API, read from the bundled spec
// so that no server path or header name is written outside it: where Get Call and List apps are
// served (each server's path, kept at the mock), and the headers that carry the key and secret.
import { effectiveServers, type JsonObject, readBundledSpec } from '@chatplatform/spec';

type Server = { url: string; variables?: Record<string, { default: string }> };
type Operation = { operationId?: string; servers?: Server[]; security?: Record<string, string[]>[] };
type Spec = {
  servers?: Server[];
  paths: Record<string, Record<string, Operation> & { servers?: Server[] }>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
};

/** The operations a first call makes, by operationId. */
export const GET_CALL = 'get-call';
export const LIST_APPS = 'list-apps';

/** One operation of the spec, with its path template and the server it is called on. */
export function operationOf(spec: Spec, operationId: string): { path: string; server: Server; operation: Operation } {
  for (const [path, pathItem] of Object.entries(spec.paths)) {
    for (const operation of Object.values(pathItem)) {
      if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) continue;
      if ((operation as Operation).operationId !== operationId) continue;
      const [server] = effectiveServers({ operation, pathItem, root: spec as unknown as JsonObject }) as Server[];
      if (!server) throw new Error(`the spec's ${operationId} has no server`);
      return { path, server, operation: operation as Operation };
    }
  }
  throw new Error(`the bundled spec has no operation ${operationId}: update the first-call programs`);
}

/** A server URL's path (`/v3` of `https://{appId}.call-{region}.{serviceDomain}/v3`; '' for none). */
export const serverPath = (url: string) => new URL(url.replace(/\{[^}]+\}/g, 'x')).pathname.replace(/\/$/, '');

/** A server URL with each variable at its default: where production traffic goes. */
export const serverDefaultUrl = (server: Server) =>
  server.url.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = server.variables?.[name]?.default;
    if (value === undefined) throw new Error(`the server ${server.url} gives {${name}} no default`);
    return value;
  });

/** The header an API-key security scheme is sent in; fails unless the scheme is one. */
export function headerOf(spec: Spec, scheme: string): string {
  const found = spec.components.securitySchemes[scheme];
  if (found?.type !== 'apiKey' || found.in !== 'header' || !found.name) {
    throw new Error(`the spec's security scheme ${scheme} is not an API key in a header`);
  }
  return found.name;
}

/** The spec's facts a first call needs, as the environment the install/* programs read. */
export function firstCallEnv(mockUrl: string, spec = readBundledSpec<Spec>()) {
  const getCall = operationOf(spec, GET_CALL);
  const listApps = operationOf(spec, LIST_APPS);
  return {
    CHATPLATFORM_CALLS_URL: `${mockUrl}${serverPath(getCall.server.url)}`,
    CHATPLATFORM_MANAGEMENT_URL: `${mockUrl}${serverPath(listApps.server.url)}`,
    CHATPLATFORM_API_KEY_HEADER: headerOf(spec, 'apiKey'),
    CHATPLATFORM_MANAGEMENT_KEY_HEADER: headerOf(spec, 'managementKey'),
    CHATPLATFORM_MANAGEMENT_SECRET_HEADER: headerOf(spec, 'managementSecret'),
  };
}

/** Get Call's path for one session (its path template filled). */
export function getCallPath(sessionId: string, spec = readBundledSpec<Spec>()) {
  const { path, server } = operationOf(spec, GET_CALL);
  return { path: path.replace(/\{[^}]+\}/, encodeURIComponent(sessionId)), server };
}

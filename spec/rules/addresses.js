// How the platform's three addresses look, and which of them serves an operation.
//
// The reference's address table: the Calls API is `https://<app_id>.call-<region>.<domain>/v3`,
// every other REST area is `https://<app_id>.api-<region>.<domain>/v3`, and `{management_url}` is
// "a separate address used only by the management API". So a server is classified by its host:
// a per-app host whose second label starts with `call-` is the Calls address, with `api-` the Chat
// address, and any other host is the management address.

const CALLS_HOST = /^[^./]+\.call-[^./]+\./;
const CHAT_HOST = /^[^./]+\.api-[^./]+\./;

/** The exact shape of the Calls server URL (variables kept as written in the spec). */
export const CALLS_URL = /^https:\/\/\{appId\}\.call-\{region\}\.\{serviceDomain\}\/v\d+$/;
export const CALLS_URL_TEXT = 'https://{appId}.call-{region}.{serviceDomain}/v3';
/** The Chat server URL, as messages suggest it. */
export const CHAT_URL_TEXT = 'https://{appId}.api-{region}.{serviceDomain}/v3';

/** @param {string} url @returns {string} the host part, variables included */
function hostOf(url) {
  return String(url)
    .replace(/^[a-z]+:\/\//i, '')
    .split('/', 1)
    .join('');
}

/** @param {string} url @returns {'calls' | 'chat' | 'management'} */
export function addressKind(url) {
  const host = hostOf(url);
  if (CALLS_HOST.test(host)) return 'calls';
  if (CHAT_HOST.test(host)) return 'chat';
  return 'management';
}

/**
 * Where an operation sits: each level may list servers (any object with a `url`: the spec's own
 * JSON, or Redocly's typed nodes while linting).
 * @template {{ url: string }} [S={ url: string }]
 * @typedef {{ operation: { servers?: S[] }, pathItem?: { servers?: S[] }, root?: { servers?: S[] } }} ServersOf
 */

/**
 * The servers an operation is called on, in OpenAPI's override order: the operation's own,
 * else its path item's, else the document's.
 * @template {{ url: string }} S
 * @param {ServersOf<S>} where
 * @returns {S[]}
 */
export function effectiveServers({ operation, pathItem, root }) {
  return operation.servers ?? pathItem?.servers ?? root?.servers ?? [];
}

/**
 * True when every server of the operation is the management address (see the top of this
 * file). An operation with no servers at all is not a management operation.
 * @param {ServersOf} op
 */
export function isManagementOperation(op) {
  const servers = effectiveServers(op);
  return servers.length > 0 && servers.every((s) => addressKind(s.url) === 'management');
}

/**
 * `METHOD /path (operationId)`, for messages.
 * @param {{ method: string, path: string, operation: { operationId?: string } }} where
 */
export function describeOperation({ method, path, operation }) {
  const id = operation.operationId ? ` (${operation.operationId})` : '';
  return `${method.toUpperCase()} ${path}${id}`;
}

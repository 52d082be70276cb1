// Where a peer generator fails a check of test/e2e/peer-generators.test.ts for a reason of its own:
// the checks (test titles), the tool's issue where its tracker has one (else `tracker`, where
// none was found), and what its users do instead. The test asserts each defect's own symptom instead of the check (the day the tool is
// fixed, the test fails until its entry goes); scripts/matrix.mjs shows each as "no" with the issue, and the
// README's "What each peer generator gets wrong" says the rest.
const HOSTS = [
  'Get Call reaches the Calls host by default',
  'the chat operations reach the chat host by default',
  'List apps reaches the management host by default',
];

/**
 * @typedef {{ tool: string, checks: string[], issue?: string, tracker?: string, why: string }} PeerDefect
 */

/** @type {PeerDefect[]} */
export const PEER_DEFECTS = [
  {
    tool: 'hey-api',
    checks: HOSTS,
    issue: 'https://github.com/hey-api/hey-api/issues/1549',
    why: 'the default client takes its baseUrl from the first server only when its URL has no variables; ours all have',
  },
  {
    tool: 'openapi-python-client',
    checks: HOSTS,
    issue: 'https://github.com/openapi-generators/openapi-python-client/issues/112',
    why: 'the generator reads no `servers`: `Client(base_url=...)` is a required argument',
  },
  {
    tool: 'progenitor',
    checks: HOSTS,
    // Searched for in its tracker (servers, base URL, a default baseurl): no issue asks for it.
    tracker: 'https://github.com/oxidecomputer/progenitor/issues',
    why: 'progenitor reads no `servers`: `Client::new(baseurl)` requires the URL',
  },
  {
    tool: 'progenitor',
    checks: ['keeps fields the spec does not name, beside the typed ones'],
    issue: 'https://github.com/oxidecomputer/progenitor/issues/1064',
    why: 'an object with `additionalProperties: true` becomes a struct without a field for the others, so they are dropped',
  },
];

/** The known defect of a tool for a check, if any. @param {string | undefined} tool @param {string} check */
export function knownDefect(tool, check) {
  return PEER_DEFECTS.find((defect) => defect.tool === tool && defect.checks.includes(check));
}

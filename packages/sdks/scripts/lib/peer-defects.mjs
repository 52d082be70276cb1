// Where a peer generator fails a check of test/peer-generators.test.ts for a reason of its own:
// the checks (test titles), the tool's issue where its tracker has one, and what its users do
// instead. The test asserts each defect's own symptom instead of the check (the day the tool is
// fixed, the test fails until its entry goes); scripts/matrix.mjs shows each as "no" with the issue, and the
// README's "What each peer generator gets wrong" says the rest.
const HOSTS = [
  'Get Call reaches the Calls host by default',
  'the chat operations reach the chat host by default',
  'List apps reaches the management host by default',
];

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
    tool: 'ogen',
    checks: HOSTS,
    why: '`NewClient(serverURL, ...)` requires the URL; ogen writes a server URL builder only for a server named with its `x-ogen-server-name` extension, which the spec does not carry',
  },
  {
    tool: 'progenitor',
    checks: HOSTS,
    why: "progenitor reads no `servers`: `Client::new(baseurl)` requires the URL (no issue in progenitor's tracker asks for it)",
  },
  {
    tool: 'progenitor',
    checks: ['keeps fields the spec does not name, beside the typed ones'],
    issue: 'https://github.com/oxidecomputer/progenitor/issues/1064',
    why: 'an object with `additionalProperties: true` becomes a struct without a field for the others, so they are dropped',
  },
];

/** The known defect of a tool for a check, if any. */
export function knownDefect(tool, check) {
  return PEER_DEFECTS.find((defect) => defect.tool === tool && defect.checks.includes(check));
}

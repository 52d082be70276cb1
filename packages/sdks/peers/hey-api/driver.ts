// The @hey-api/openapi-ts peer driver: calls the three clients generated from the per-address
// bundles and returns the same steps the other peer drivers print, for
// test/e2e/peer-generators.test.ts, which holds every check. It runs in the test's process: the
// generated TypeScript needs no build of its own beyond the type check (tsconfig.json here).

import * as callsHttp from '../../generated/peers/hey-api/calls/client/index';
import { client as defaultCallsClient } from '../../generated/peers/hey-api/calls/client.gen';
import * as calls from '../../generated/peers/hey-api/calls/index';
import { client as defaultChatClient } from '../../generated/peers/hey-api/chat/client.gen';
import * as chat from '../../generated/peers/hey-api/chat/index';
import * as managementHttp from '../../generated/peers/hey-api/management/client/index';
import { client as defaultManagementClient } from '../../generated/peers/hey-api/management/client.gen';
import * as management from '../../generated/peers/hey-api/management/index';

export interface PeerStep {
  step: string;
  result: Record<string, unknown>;
}

export interface PeerEnv {
  apiKey: string;
  managementKey: string;
  managementSecret: string;
  fixtureUrl: string;
  recordIds: string[];
  sessionId: string;
  uid: string;
  sendMessageBody: unknown;
}

/** A fetch that records where each request would go (`host:port`) and sends nothing. */
function refusingFetch(hosts: string[]): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    hosts.push(`${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
    throw new TypeError('refused by the test: nothing leaves the machine');
  };
}

async function attempt(steps: PeerStep[], operation: string, call: () => Promise<unknown>) {
  try {
    await call();
    steps.push({ step: 'default-host', result: { operation } });
  } catch (error) {
    steps.push({ step: 'default-host', result: { operation, error: String(error) } });
  }
}

/** Each operation through the generated default client of its address, left on its default base URL. */
async function defaultHosts(env: PeerEnv, steps: PeerStep[], hosts: string[]) {
  const transport = { fetch: refusingFetch(hosts), throwOnError: true } as const;
  defaultCallsClient.setConfig({ ...transport, auth: env.apiKey });
  defaultChatClient.setConfig({ ...transport, auth: env.apiKey });
  defaultManagementClient.setConfig({ ...transport, auth: managementAuth(env) });
  await attempt(steps, 'get-call', () => calls.getCall({ path: { sessionId: env.sessionId } }));
  await attempt(steps, 'list-users', () => chat.listUsers());
  await attempt(steps, 'create-auth-token', () => chat.createAuthToken({ path: { uid: env.uid } }));
  await attempt(steps, 'send-message', () =>
    chat.sendMessage({ body: env.sendMessageBody as chat.SendMessageRequest }),
  );
  await attempt(steps, 'list-apps', () => management.listApps());
}

/** hey-api asks `auth` for each security scheme of an operation; the management API has two. */
function managementAuth(env: PeerEnv) {
  return (auth: { name?: string }) => (auth.name === 'secret' ? env.managementSecret : env.managementKey);
}

function typed(call: calls.Call) {
  const participant = call.participants[0];
  return {
    endedAt: call.endedAt ?? null,
    initiatedAt: call.initiatedAt ?? null,
    totalAudioMinutes: call.totalAudioMinutes ?? null,
    participantDeviceId: participant?.deviceId ?? null,
    participantJoinedAt: participant?.joinedAt ?? null,
  };
}

async function records(env: PeerEnv, steps: PeerStep[]) {
  const client = callsHttp.createClient(callsHttp.createConfig({ baseUrl: `${env.fixtureUrl}/v3`, auth: env.apiKey }));
  for (const id of env.recordIds) {
    try {
      const { data } = await calls.getCall({ client, path: { sessionId: id }, throwOnError: true });
      const call = data.data[0] as calls.Call;
      steps.push({ step: 'record', result: { id, record: JSON.parse(JSON.stringify(call)), typed: typed(call) } });
    } catch (error) {
      steps.push({ step: 'record', result: { id, error: String(error) } });
    }
  }
}

export async function runDriver(env: PeerEnv): Promise<{ steps: PeerStep[]; hosts: string[] }> {
  const steps: PeerStep[] = [];
  const hosts: string[] = [];
  await defaultHosts(env, steps, hosts);
  await records(env, steps);
  const client = managementHttp.createClient(
    managementHttp.createConfig({ baseUrl: env.fixtureUrl, auth: managementAuth(env) }),
  );
  const { response } = await management.listApps({ client });
  steps.push({ step: 'management', result: { status: response?.status ?? 0 } });
  return { steps, hosts };
}

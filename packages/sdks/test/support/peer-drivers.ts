// How to run each peer generator's driver (peers/<tool>/) after scripts/lib/peers.mjs generated
// and compiled its clients. Each returns the driver's steps and the `host:port` each default-host
// request went to, in order: the subprocess drivers through the test's HTTPS proxy (CONNECT,
// refused, so nothing leaves the machine), hey-api's in-process driver through its client's own
// `fetch` option.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { venvBin } from '../../scripts/lib/paths.mjs';
import { goDriver, peerDir, progenitorDriver, pythonEnv } from '../../scripts/lib/peers.mjs';
import { stepsIn } from './driver-output.js';
import type { DriverStep } from './drivers.js';
import { runProcess } from './run-process.js';

export interface PeerRunInput {
  env: Record<string, string>;
  /** The loopback server that records and refuses CONNECTs. */
  proxyUrl: string;
  /** The CONNECTs the proxy saw, read after the driver ran. */
  connects: () => string[];
}

export interface PeerRun {
  steps: DriverStep[];
  hosts: string[];
}

const proxyEnv = (proxyUrl: string) => ({
  NO_PROXY: '',
  no_proxy: '',
  HTTPS_PROXY: proxyUrl,
  https_proxy: proxyUrl,
  HTTP_PROXY: '',
  http_proxy: '',
  ALL_PROXY: '',
});

async function subprocess(command: string, args: string[], cwd: string, input: PeerRunInput, extra = {}) {
  const env = { ...process.env, ...extra, ...input.env, ...proxyEnv(input.proxyUrl) };
  const result = await runProcess(command, args, { cwd, env });
  if (result.status !== 0) throw new Error(`${command} exited ${result.status}:\n${result.output}`);
  return { steps: stepsIn(result.output), hosts: input.connects() };
}

async function heyApi(input: PeerRunInput): Promise<PeerRun> {
  // A computed specifier: the driver imports generated code, which the package's own type check must not need.
  const driver = await import(pathToFileURL(join(peerDir('hey-api'), 'driver.ts')).href);
  const { env } = input;
  return driver.runDriver({
    apiKey: env.CHATPLATFORM_API_KEY,
    managementKey: env.CHATPLATFORM_MANAGEMENT_KEY,
    managementSecret: env.CHATPLATFORM_MANAGEMENT_SECRET,
    fixtureUrl: env.CHATPLATFORM_FIXTURE_URL,
    recordIds: env.CHATPLATFORM_RECORD_IDS!.split(','),
    sessionId: env.CHATPLATFORM_SESSION_ID,
    uid: env.CHATPLATFORM_ON_BEHALF_OF,
    sendMessageBody: JSON.parse(env.CHATPLATFORM_SEND_MESSAGE_BODY!),
  });
}

export const PEER_DRIVERS: Record<string, (input: PeerRunInput) => Promise<PeerRun>> = {
  'hey-api': heyApi,
  'openapi-python-client': (input) =>
    subprocess(
      venvBin('python'),
      [join(peerDir('openapi-python-client'), 'driver.py')],
      peerDir('openapi-python-client'),
      input,
      pythonEnv(),
    ),
  'oapi-codegen': (input) => subprocess(goDriver('oapi-codegen'), [], peerDir('go'), input),
  ogen: (input) => subprocess(goDriver('ogen'), [], peerDir('go'), input),
  progenitor: (input) => subprocess(progenitorDriver, [], peerDir('progenitor'), input),
};

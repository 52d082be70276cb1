// The peer generators beside OpenAPI Generator (scripts/lib/peers.mjs): the package's build has each
// generate one client per address from that address's bundle and compile it; here its driver
// (peers/<tool>/) calls them and prints its steps. Every check is here, each its own test, so that
// the README's peer matrix (scripts/matrix.mjs) shows which check holds for which tool. A check a tool fails where
// the spec cannot help is listed in scripts/lib/peer-defects.mjs with the tool's own issue; for it
// the test asserts that defect's own symptom, on a client that generated, compiled and ran (so a
// broken toolchain never passes for the known defect), and fails the day the tool is fixed.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { knownDefect } from '../../scripts/lib/peer-defects.mjs';
import { PEERS, requireBuiltPeer } from '../../scripts/lib/peers.mjs';
import { credentialProblems } from '../support/credentials-on-the-wire.js';
import { defaultHost, withoutAddedNulls } from '../support/driver-output.js';
import type { DriverStep } from '../support/drivers.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { PEER_DRIVERS, type PeerRun } from '../support/peer-drivers.js';
import { AFTER_2038, recordFixtures, UNDECLARED_FIELD } from '../support/record-fixtures.js';
import { loadBundledSpec } from '../support/spec-example.js';

const spec = loadBundledSpec();
const records = recordFixtures(spec);

/** An operation's path and method in the combined bundle, by operationId. */
function operation(operationId: string): { path: string; method: string } {
  for (const [path, item] of Object.entries<any>(spec.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (op?.operationId === operationId) return { path, method };
    }
  }
  throw new Error(`the bundle has no operation ${operationId}`);
}

// Made-up credentials, one per security scheme of the spec: the fixture accepts any; the checks never print them.
const CREDENTIALS: Record<string, string> = {
  apiKey: 'peer-rest-key',
  managementKey: 'peer-mgmt-key',
  managementSecret: 'peer-mgmt-secret',
};
const hostOfOperation = (operationId: string) => {
  const { path, method } = operation(operationId);
  return defaultHost(spec, path, method);
};

/**
 * The record sent, without the empty arrays a client wrote back as absent: it reads an empty
 * array as empty either way (progenitor's Vec fields), which is not a decoding fault.
 */
function withoutOmittedEmpties(sent: any, decoded: any): any {
  if (Array.isArray(sent)) return sent.map((item, i) => withoutOmittedEmpties(item, decoded?.[i]));
  if (sent === null || typeof sent !== 'object') return sent;
  const written = (key: string) => decoded !== null && typeof decoded === 'object' && key in decoded;
  return Object.fromEntries(
    Object.entries(sent)
      .filter(([key, value]) => !(Array.isArray(value) && value.length === 0 && !written(key)))
      .map(([key, value]) => [key, withoutOmittedEmpties(value, decoded?.[key])]),
  );
}

/** Whether a decoded record, re-encoded by the client, says what the record sent said. */
function expectSame(decoded: any, sent: any) {
  expect(withoutAddedNulls(decoded, sent)).toEqual(withoutOmittedEmpties(sent, decoded));
}

let fixtures: FixtureServer;

beforeAll(async () => {
  fixtures = await startFixtureServer(records, 'bad-request');
});

afterAll(async () => {
  await fixtures?.stop();
});

/** Five drivers, each a process or a module calling its three clients: a bound on a hang, not a speed goal. */
const DRIVER_TIMEOUT = 120_000;

describe.each(Object.keys(PEERS))('%s', (tool) => {
  let buildError: unknown;
  let run: PeerRun = { steps: [], hosts: [] };
  let requests: FixtureServer['requests'] = [];
  /** A check, or, where the tool has a known defect for it, the defect's symptom on a client that ran. */
  const check = (title: string, body: () => void, symptom?: () => void) => {
    if (!knownDefect(tool, title)) return test(title, body);
    if (!symptom) throw new Error(`peer-defects.mjs lists "${title}" for ${tool}, which has no symptom to assert`);
    test(title, () => {
      if (buildError) throw buildError;
      symptom();
    });
  };
  const steps = (name: string) => run.steps.filter((s: DriverStep) => s.step === name).map((s) => s.result);
  const record = (id: string) => {
    if (buildError) throw buildError;
    const found = steps('record').find((r) => r.id === id);
    expect(found, `the ${tool} driver printed no result for the record "${id}"`).toBeDefined();
    expect(found.error, `the ${tool} client failed on the record "${id}"`).toBeUndefined();
    return found;
  };
  /** Where the client sent an operation left on its default address. */
  const hostOf = (operationId: string) => {
    if (buildError) throw buildError;
    const attempts = steps('default-host');
    const attempt = attempts.find((s) => s.operation === operationId);
    expect(attempt, `the ${tool} driver did not try ${operationId}`).toBeDefined();
    expect(attempt.noDefault, `the ${tool} client has no default address for ${operationId}`).toBeUndefined();
    const sent = attempts.filter((s) => s.noDefault === undefined);
    expect(run.hosts, 'one request per operation tried').toHaveLength(sent.length);
    return run.hosts[sent.indexOf(attempt)];
  };

  /** The known defect "no default address": the driver tried the operation, and no request left for it. */
  const noDefaultAddress = (operations: string[]) => () => {
    for (const operation of operations) {
      const attempt = steps('default-host').find((s) => s.operation === operation);
      expect(attempt, `the ${tool} driver did not try ${operation}`).toBeDefined();
      const reason = attempt.noDefault ?? attempt.error;
      expect(reason, `${operation} was sent on a default address: the defect is fixed, drop its entry`).toBeDefined();
      expect(reason, `${operation} was sent, then refused: the client has a default address`).not.toMatch(
        /refused by the test/,
      );
    }
  };
  const hostCheck = (title: string, operations: string[]) =>
    check(
      title,
      () => {
        for (const op of operations) expect(hostOf(op), op).toBe(hostOfOperation(op));
      },
      noDefaultAddress(operations),
    );

  beforeAll(async () => {
    try {
      requireBuiltPeer(tool);
    } catch (error) {
      buildError = error;
      return;
    }
    fixtures.connects.length = 0;
    fixtures.requests.length = 0;
    run = await PEER_DRIVERS[tool]!({
      proxyUrl: fixtures.url,
      connects: () => [...fixtures.connects],
      env: {
        CHATPLATFORM_API_KEY: CREDENTIALS.apiKey!,
        CHATPLATFORM_MANAGEMENT_KEY: CREDENTIALS.managementKey!,
        CHATPLATFORM_MANAGEMENT_SECRET: CREDENTIALS.managementSecret!,
        CHATPLATFORM_FIXTURE_URL: fixtures.url,
        CHATPLATFORM_RECORD_IDS: Object.keys(records).join(','),
        CHATPLATFORM_SESSION_ID: spec.components.parameters.sessionId.example,
        CHATPLATFORM_ON_BEHALF_OF: spec.components.parameters.onBehalfOf.example,
        CHATPLATFORM_SEND_MESSAGE_BODY: JSON.stringify(
          spec.paths[operation('send-message').path].post.requestBody.content['application/json'].example,
        ),
      },
    });
    requests = [...fixtures.requests];
  }, DRIVER_TIMEOUT);

  check('generates a client per address from its bundles and compiles them', () => {
    if (buildError) throw buildError;
  });

  hostCheck('Get Call reaches the Calls host by default', ['get-call']);
  hostCheck('the chat operations reach the chat host by default', ['list-users', 'create-auth-token', 'send-message']);
  hostCheck('List apps reaches the management host by default', ['list-apps']);

  /** The credentials of an operation's requests, read on the wire (test/support/credentials-on-the-wire.ts). */
  const expectCredentialsOnTheWire = (operationId: string) => {
    if (buildError) throw buildError;
    expect(credentialProblems(spec, operationId, requests, CREDENTIALS)).toEqual([]);
  };

  check('sends the REST key in `apikey` (the setting in the README)', () => expectCredentialsOnTheWire('get-call'));
  check('the management API gets its own key and secret', () => expectCredentialsOnTheWire('list-apps'));

  check("decodes the reference's observed record", () => {
    expectSame(record('observed').record, records.observed);
  });

  check('decodes a record with every extra field', () => {
    const { record: decoded, typed } = record('extras');
    expectSame(decoded, records.extras);
    expect(typed.endedAt).toBe(records.extras.endedAt);
    expect(typed.participantDeviceId).toBe(records.extras.participants[0].deviceId);
    expect(typed.participantJoinedAt).toBe(records.extras.participants[0].joinedAt);
  });

  check(
    'keeps fields the spec does not name, beside the typed ones',
    () => {
      const { record: decoded } = record('undeclared');
      expect(decoded[UNDECLARED_FIELD], 'the call keeps the undeclared field').toEqual(
        records.undeclared[UNDECLARED_FIELD],
      );
      expect(decoded.participants[0][UNDECLARED_FIELD], 'the participant keeps it').toEqual(
        records.undeclared.participants[0][UNDECLARED_FIELD],
      );
    },
    () => {
      // The known defect: the record decodes, its typed fields intact, and the undeclared one is gone.
      const { record: decoded } = record('undeclared');
      expect(decoded.sessionId).toBe(records.undeclared.sessionId);
      expect(decoded[UNDECLARED_FIELD], 'the undeclared field is kept: the defect is fixed, drop its entry').toBe(
        undefined,
      );
    },
  );

  check('keeps fractional minutes', () => {
    expect(record('extras').typed.totalAudioMinutes).toBe(records.extras.totalAudioMinutes);
    expect(Number.isInteger(records.extras.totalAudioMinutes)).toBe(false);
  });

  check('reads an initiatedAt after 2038', () => {
    expect(record('after2038').typed.initiatedAt).toBe(AFTER_2038);
  });
});

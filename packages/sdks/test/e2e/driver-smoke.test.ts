// Runs each language's smoke driver (smoke/<lang>: ordinary checked-in source that calls the
// generated client and prints one JSON line per step) once, then checks every step here, each as
// its own test so that the README's matrix (scripts/matrix.mjs) shows which check holds where.

import { type Mock, startMock } from '@chatplatform/mock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scenarioRequests } from '../support/arazzo-scenario.js';
import { defaultHost, stepsIn, withoutAddedNulls } from '../support/driver-output.js';
import { DRIVERS, type DriverStep } from '../support/drivers.js';
import { type FixtureServer, startFixtureServer } from '../support/fixture-server.js';
import { AFTER_2038, absentMeansFields, recordFixtures, UNDECLARED_FIELD } from '../support/record-fixtures.js';
import { type RecordingProxy, startRecordingProxy } from '../support/recording-proxy.js';
import { runProcess } from '../support/run-process.js';
import { loadBundledSpec } from '../support/spec-example.js';

// Made-up credentials: the servers accept any; the checks below never print them.
const CREDENTIALS = {
  apiKey: 'sdk-smoke-rest-key',
  managementKey: 'sdk-smoke-mgmt-key',
  managementSecret: 'sdk-smoke-mgmt-secret',
};
const BAD_REQUEST_ID = 'bad-request';
const spec = loadBundledSpec();
const records = recordFixtures(spec);
const UID: string = spec.components.parameters.onBehalfOf.example;
const SESSION_ID: string = spec.components.parameters.sessionId.example;

/** The workflow's requests, with the inputs the drivers are given. */
const SCENARIO = scenarioRequests(spec, 'auth-token-then-get-call', {
  apiKey: CREDENTIALS.apiKey,
  uid: UID,
  sessionId: SESSION_ID,
});

/** The mock's base URL as the clients see it: the mock answers production paths, so the Chat and Calls servers' `/v3` stays. */
const mockBaseUrl = (proxy: RecordingProxy) => `${proxy.url}/v3`;

let mock: Mock;
let mockProxy: RecordingProxy;
let fixtures: FixtureServer;

beforeAll(async () => {
  mock = await startMock();
  mockProxy = await startRecordingProxy(mock);
  fixtures = await startFixtureServer(records, BAD_REQUEST_ID);
});

afterAll(async () => {
  await fixtures?.stop();
  await mockProxy?.stop();
  await mock?.stop();
});

describe.each(Object.keys(DRIVERS))('%s', (lang) => {
  const driver = DRIVERS[lang]!;
  let steps: DriverStep[] = [];
  let connects: string[] = [];
  let fixtureRequests: FixtureServer['requests'] = [];
  let mockRequests: RecordingProxy['requests'] = [];
  const step = (name: string) => steps.filter((s) => s.step === name).map((s) => s.result);
  const record = (id: string) => {
    const found = step('record').find((r) => r.id === id);
    expect(found, `the ${lang} driver printed no result for the record "${id}"`).toBeDefined();
    expect(found.error, `the ${lang} client failed on the record "${id}"`).toBeUndefined();
    return found;
  };

  beforeAll(async () => {
    fixtures.connects.length = 0;
    fixtures.requests.length = 0;
    mockProxy.requests.length = 0;
    const { command, args, cwd, env } = driver.command(fixtures.url);
    const result = await runProcess(command, args, {
      cwd,
      env: {
        ...process.env,
        ...env,
        CHATPLATFORM_API_KEY: CREDENTIALS.apiKey,
        CHATPLATFORM_MANAGEMENT_KEY: CREDENTIALS.managementKey,
        CHATPLATFORM_MANAGEMENT_SECRET: CREDENTIALS.managementSecret,
        CHATPLATFORM_FIXTURE_URL: fixtures.url,
        CHATPLATFORM_MOCK_URL: mockBaseUrl(mockProxy),
        CHATPLATFORM_RECORD_IDS: Object.keys(records).join(','),
        CHATPLATFORM_BAD_REQUEST_ID: BAD_REQUEST_ID,
        CHATPLATFORM_ON_BEHALF_OF: UID,
        CHATPLATFORM_SESSION_ID: SESSION_ID,
      },
    });
    if (result.status !== 0)
      throw new Error(`the ${lang} smoke driver failed (exit ${result.status}):\n${result.output}`);
    steps = stepsIn(result.output);
    if (process.env.SMOKE_DEBUG) console.log(lang, result.output, fixtures.connects);
    connects = [...fixtures.connects];
    fixtureRequests = [...fixtures.requests];
    mockRequests = [...mockProxy.requests];
  });

  test('Get Call reaches the Calls host by default', () => {
    expect(step('default-host').map((s) => s.operation)).toEqual(['get-call', 'list-apps', 'list-users']);
    expect(connects).toEqual([
      defaultHost(spec, '/calls/{sessionId}', 'get'),
      defaultHost(spec, '/apps', 'get'),
      defaultHost(spec, '/users', 'get'),
    ]);
  });

  test('the management API gets its own key and secret', () => {
    const apps = fixtureRequests.filter((r) => r.path.endsWith('/apps'));
    expect(apps).toHaveLength(1);
    const headers = apps[0]!.headers;
    expect(headers.key === CREDENTIALS.managementKey, 'the key header carries the management key').toBe(true);
    expect(headers.secret === CREDENTIALS.managementSecret, 'the secret header carries the management secret').toBe(
      true,
    );
    expect('apikey' in headers, 'the REST key is not sent to the management API').toBe(false);
  });

  test('REST requests carry no management credentials', () => {
    const rest = [...fixtureRequests.filter((r) => !r.path.endsWith('/apps')), ...mockRequests];
    expect(rest.length).toBeGreaterThan(0);
    for (const request of rest) {
      expect(
        'key' in request.headers || 'secret' in request.headers,
        `${request.method} ${request.path} carries no key/secret`,
      ).toBe(false);
    }
  });

  test("decodes the reference's observed record", () => {
    expect(withoutAddedNulls(record('observed').record, records.observed)).toEqual(records.observed);
  });

  test('decodes a record with every extra field', () => {
    const { record: decoded, typed } = record('extras');
    expect(withoutAddedNulls(decoded, records.extras)).toEqual(records.extras);
    expect(typed.endedAt).toBe(records.extras.endedAt);
    expect(typed.participantDeviceId).toBe(records.extras.participants[0].deviceId);
    expect(typed.participantJoinedAt).toBe(records.extras.participants[0].joinedAt);
  });

  test('keeps fields the spec does not name, beside the typed ones', () => {
    const { record: decoded, typed } = record('undeclared');
    expect(decoded[UNDECLARED_FIELD], 'the call keeps the undeclared field').toEqual(
      records.undeclared[UNDECLARED_FIELD],
    );
    expect(decoded.participants[0][UNDECLARED_FIELD], 'the participant keeps it').toEqual(
      records.undeclared.participants[0][UNDECLARED_FIELD],
    );
    expect(withoutAddedNulls(decoded, records.undeclared)).toEqual(records.undeclared);
    expect(typed.endedAt).toBe(records.undeclared.endedAt);
    expect(typed.participantDeviceId).toBe(records.undeclared.participants[0].deviceId);
  });

  test('keeps fractional minutes', () => {
    expect(record('extras').typed.totalAudioMinutes).toBe(records.extras.totalAudioMinutes);
    expect(Number.isInteger(records.extras.totalAudioMinutes)).toBe(false);
  });

  test('reads an initiatedAt after 2038', () => {
    expect(record('after2038').typed.initiatedAt).toBe(AFTER_2038);
  });

  test('reads a record without the defaulted fields as absent', () => {
    const { record: decoded, typed } = record('defaultsAbsent');
    expect(typed.initiatedAt ?? null).toBeNull();
    for (const field of absentMeansFields(spec, 'Call')) expect(decoded[field] ?? null, field).toBeNull();
    for (const field of absentMeansFields(spec, 'CallParticipant')) {
      expect(decoded.participants[0][field] ?? null, `participants[0].${field}`).toBeNull();
    }
  });

  test("surfaces the 400 as the language's API error", () => {
    expect(step('bad-request')).toEqual([{ type: driver.apiError, status: 400 }]);
  });

  test('runs the auth-token flow and Get Call on behalf of the user', () => {
    const [scenario] = step('scenario');
    expect(scenario).toMatchObject({ listUsers: true, createAuthToken: true, getCall: { sessionId: SESSION_ID } });
    expect(scenario.getCall.participants).toContain(UID);
    expect(SCENARIO.at(-1)?.headers.onbehalfof, "the workflow's last step acts on the user's behalf").toBe(UID);
    const base = new URL(mockBaseUrl(mockProxy)).pathname.replace(/\/$/, '');
    const seen = mockRequests.map((r) => `${r.method} ${r.path}`);
    expect(seen).toEqual(SCENARIO.map((r) => `${r.method} ${base}${r.path}`));
    SCENARIO.forEach((expected, i) => {
      const request = mockRequests[i]!;
      expect(request.headers.apikey === CREDENTIALS.apiKey, `${expected.stepId}: apikey carries the REST key`).toBe(
        true,
      );
      for (const [name, value] of Object.entries(expected.headers))
        expect(request.headers[name], `${expected.stepId}: ${name}`).toBe(value);
    });
  });
});

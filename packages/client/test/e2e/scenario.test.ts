// One scenario, every client: the reference's auth-token flow plus Get Call (list users, create an
// auth token for a user, get a call on that user's behalf), written once as an Arazzo workflow in
// @chatplatform/spec (the mock's tests run it with `redocly respect`). This client runs the same
// steps; the generated clients do the same in @chatplatform/sdks.
import { readBundledSpec } from '@chatplatform/spec';
import { describe, expect, expectTypeOf, inject, test } from 'vitest';
import type { Call, CallParticipant, components } from '../../src/index.js';
import { API_KEY, clientFor } from '../support/helpers.js';

// The one place the mock's address comes from (global-setup.ts starts it once per run).
const mockUrl = inject('mockUrl');
const spec = readBundledSpec<any>();
// The mock serves the observed example: its session, and its initiator as the user acting.
const [observed] = spec.components.examples.CallInitiated.value.data;
const inputs = { apiKey: API_KEY, uid: observed.initiator as string, sessionId: observed.sessionId as string };

describe('the same steps through the TypeScript client', () => {
  test('list users, create an auth token, get the call on the user’s behalf', async () => {
    const sent: Request[] = [];
    const { client } = clientFor(mockUrl, {
      apiKey: inputs.apiKey,
      middleware: [{ onRequest: ({ request }) => void sent.push(request.clone()) }],
    });
    await client.users.list();
    await client.authTokens.create(inputs.uid);
    const body = await client.calls.get(inputs.sessionId, { onBehalfOf: inputs.uid });

    expect(body.data.map((c) => c.sessionId)).toEqual([inputs.sessionId]);
    expect(body.data[0]!.participants.map((p) => p.uid)).toContain(inputs.uid);
    expect(sent.map((r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/v3/, '')}`)).toEqual([
      'GET /users',
      `POST /users/${inputs.uid}/auth_tokens`,
      `GET /calls/${inputs.sessionId}`,
    ]);
    expect(sent.map((r) => r.headers.get('apikey'))).toEqual([inputs.apiKey, inputs.apiKey, inputs.apiKey]);
    expect(sent.at(-1)!.headers.get('onBehalfOf')).toBe(inputs.uid);
  });
});

describe('the record the flow reads', () => {
  type ErrorBody = components['schemas']['ErrorBody'];
  const absentMeans = (schema: string) =>
    Object.entries<any>(spec.components.schemas[schema].properties)
      .filter(([, p]) => 'x-absent-means' in p)
      .map(([name]) => name);

  test('fields with a documented default are optional in the types (absent means 0, nothing fills them in)', async () => {
    expectTypeOf<Call['totalAudioMinutes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Call['totalVideoMinutes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Call['totalDurationInMinutes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Call['totalParticipants']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Call['initiatedAt']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallParticipant['totalAudioMinutes']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<CallParticipant['totalDurationInMinutes']>().toEqualTypeOf<number | undefined>();

    const drop = (record: Record<string, unknown>, fields: string[]) =>
      Object.fromEntries(Object.entries(record).filter(([key]) => !fields.includes(key)));
    const bare = {
      ...drop(observed, absentMeans('Call')),
      participants: observed.participants.map((p: Record<string, unknown>) => drop(p, absentMeans('CallParticipant'))),
    };
    const { client } = clientFor(mockUrl, { fetch: async () => Response.json({ data: [bare] }) });
    const [call] = (await client.calls.get(inputs.sessionId)).data;
    for (const field of absentMeans('Call')) expect(call, field).not.toHaveProperty(field);
    expect(call!.totalAudioMinutes).toBeUndefined();
    expect(call!.initiatedAt ?? 0).toBe(0);
    expect(call!.participants[0]!.totalVideoMinutes ?? 0).toBe(0);
  });

  test('open objects keep extra fields beside their typed ones', async () => {
    expectTypeOf<ErrorBody>().not.toEqualTypeOf<Record<string, never>>();
    expectTypeOf<{ code: string; detail: number }>().toExtend<ErrorBody>();
    expectTypeOf<{
      uid: string;
      isJoined: boolean;
      deviceId: string;
      addedLater: boolean;
    }>().toExtend<CallParticipant>();
    expectTypeOf<CallParticipant['uid']>().toEqualTypeOf<string>();
    expectTypeOf<CallParticipant['deviceId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CallParticipant['joinedAt']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Call['startedAt']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Call['participants']>().toEqualTypeOf<CallParticipant[]>();

    const { client } = clientFor(mockUrl);
    const body = await client.calls.get(inputs.sessionId, { headers: { Prefer: 'example=endedWithRecording' } });
    const [participant] = body.data[0]!.participants;
    expect(participant!.deviceId).toEqual(expect.any(String));
    expect(participant!.joinedAt).toBeLessThan(participant!.leftAt!);
    expect(body.data[0]!.hasTranscription).toBe(false);
  });
});

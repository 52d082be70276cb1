// The call records every language must decode, built from the spec's own Get Call examples:
// the reference's observed record, the published record with every extra field and fractional
// minutes, that record with a field no schema names, the observed record initiated after 2038, and the observed record without the fields
// the spec marks `x-absent-means` (absent means 0).
type Json = Record<string, any>;

export const AFTER_2038 = 2 ** 31 + 60; // 2038-01-19T03:15:08Z: one minute past what 32 bits hold

function exampleRecord(spec: Json, name: string): Json {
  const ref = spec.paths['/calls/{sessionId}'].get.responses['200'].content['application/json'].examples[name];
  const example = ref?.$ref ? spec.components.examples[ref.$ref.split('/').pop()] : ref;
  const record = example?.value?.data?.[0];
  if (!record)
    throw new Error(`Get Call has no example "${name}" with a call record; the smoke fixtures are built from it.`);
  return structuredClone(record);
}

/** Property names a schema marks `x-absent-means`. */
export function absentMeansFields(spec: Json, schema: string): string[] {
  const properties: Json = spec.components.schemas[schema]?.properties ?? {};
  return Object.keys(properties).filter((name) => 'x-absent-means' in properties[name]);
}

function withoutDefaulted(spec: Json, record: Json): Json {
  const call = Object.fromEntries(
    Object.entries(record).filter(([key]) => !absentMeansFields(spec, 'Call').includes(key)),
  );
  const participantFields = absentMeansFields(spec, 'CallParticipant');
  call.participants = record.participants.map((participant: Json) =>
    Object.fromEntries(Object.entries(participant).filter(([key]) => !participantFields.includes(key))),
  );
  return call;
}

/**
 * A field no schema names, made up for the test: the spec declares Call and CallParticipant open
 * (`additionalProperties: true`), so a client must keep it beside the typed fields.
 */
export const UNDECLARED_FIELD = 'smokeFieldTheSpecDoesNotName';
const UNDECLARED_VALUE = { nested: [1, 'two', null], flag: true };

function withUndeclared(record: Json): Json {
  const [first, ...others] = record.participants;
  return {
    ...record,
    [UNDECLARED_FIELD]: UNDECLARED_VALUE,
    participants: [{ ...first, [UNDECLARED_FIELD]: UNDECLARED_VALUE }, ...others],
  };
}

export function recordFixtures(
  spec: Json,
): Record<'observed' | 'extras' | 'undeclared' | 'after2038' | 'defaultsAbsent', Json> {
  const observed = exampleRecord(spec, 'initiated');
  const published = exampleRecord(spec, 'endedWithRecording');
  return {
    observed: { ...observed, sessionId: 'observed' },
    extras: { ...published, sessionId: 'extras' },
    undeclared: { ...withUndeclared(published), sessionId: 'undeclared' },
    after2038: { ...observed, sessionId: 'after2038', initiatedAt: AFTER_2038 },
    defaultsAbsent: { ...withoutDefaulted(spec, observed), sessionId: 'defaultsAbsent' },
  };
}

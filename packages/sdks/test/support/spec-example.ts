// The call record the mock answers Get Call with, read from the bundled spec: Prism's static mode
// serves the first example of the 200 response, so the smoke tests assert against the spec's own
// example instead of values copied into code.
import { readFileSync } from 'node:fs';
import { bundledSpec } from '../../scripts/lib/paths.mjs';

export interface ExpectedCall {
  sessionId: string;
  participants: { uid: string; state: string | null }[];
}

type Json = Record<string, any>;

export function loadBundledSpec(): Json {
  return JSON.parse(readFileSync(bundledSpec.json(), 'utf8'));
}

/** Follows a local `$ref` ('#/components/examples/CallInitiated') within the bundled document. */
function deref(document: Json, value: Json): Json {
  if (typeof value?.$ref !== 'string') return value;
  const ref: string = value.$ref;
  if (!ref.startsWith('#/')) throw new Error(`Cannot follow the non-local $ref ${ref} in the bundled spec.`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: Json, key) => node?.[key], document);
}

export function firstGetCallExample(document: Json = loadBundledSpec()): { name: string; call: ExpectedCall } {
  const media = document.paths?.['/calls/{sessionId}']?.get?.responses?.['200']?.content?.['application/json'];
  const [name, example] = Object.entries<Json>(media?.examples ?? {})[0] ?? [];
  if (!name || !example) {
    throw new Error('The bundled spec has no example on Get Call\'s 200 response; the smoke tests need one to compare with.');
  }
  const record = deref(document, example).value?.data?.[0];
  if (!record?.sessionId || !Array.isArray(record.participants)) {
    throw new Error(`Get Call's example "${name}" holds no call record with a sessionId and participants.`);
  }
  return {
    name,
    call: {
      sessionId: record.sessionId,
      participants: record.participants.map((p: Json) => ({ uid: p.uid, state: p.state ?? null })),
    },
  };
}

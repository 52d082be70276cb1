import { operationsOf, readBundledSpec } from '@chatplatform/spec';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The bundled spec, read the way consumers read it. */
export const spec = readBundledSpec<any>();

type Json = Record<string, any>;
export interface Operation {
  id: string;
  method: string;
  path: string;
  /** The production URL of the operation on its first server, variables at their defaults. */
  productionUrl: string;
  /** Headers the operation's first security requirement needs, with placeholder values. */
  authHeaders: Record<string, string>;
  body?: string;
  responses: Json;
}

export const operations: Operation[] = operationsOf(spec).map(({ path, method, pathItem }) =>
  describeOperation(path, method, pathItem),
);

function describeOperation(path: string, method: string, item: Json): Operation {
  const op = item[method];
  const server = (op.servers ?? item.servers ?? spec.servers)[0];
  const base = server.url.replace(/\{([^}]+)\}/g, (_: string, name: string) => server.variables[name].default);
  const filled = path.replace(/\{([^}]+)\}/g, 'example-$1');
  const requirement = (op.security ?? spec.security)[0] as Json;
  const authHeaders = Object.fromEntries(
    Object.keys(requirement).map((scheme) => [spec.components.securitySchemes[scheme].name, 'test-secret']),
  );
  const media = op.requestBody?.content?.['application/json'];
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    productionUrl: base + filled,
    authHeaders,
    body: media ? JSON.stringify(media.example) : undefined,
    responses: op.responses,
  };
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(spec, 'spec');

/** Validates a body against the spec's schema for the status (exact code first, then `4XX`-style ranges). */
export function validateResponse(op: Operation, status: number, body: unknown): string[] {
  const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => op.responses[c]);
  if (!code) return [`status ${status} is not a response of ${op.id}`];
  let response = op.responses[code];
  if (response.$ref) response = resolve(response.$ref);
  const content = response.content?.['application/json'];
  if (!content) return body === undefined ? [] : [`${op.id} ${code} has no JSON body in the spec`];
  const validate = ajv.compile({ $ref: `spec#${pointerTo(op, code)}` });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

function resolve(ref: string): Json {
  return ref
    .slice(2)
    .split('/')
    .reduce((node: Json, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
}

function pointerTo(op: Operation, code: string): string {
  const escapeToken = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));
  const ref = op.responses[code].$ref as string | undefined;
  const base = ref ? ref.slice(1) : `/paths/${escapeToken(op.path)}/${op.method.toLowerCase()}/responses/${code}`;
  return `${base}/content/${escapeToken('application/json')}/schema`;
}

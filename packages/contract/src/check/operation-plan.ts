import type { Headers } from '../read/exchange.js';
import {
  deref,
  escapePointer,
  isObject,
  type OpenApiDocument,
  type SecurityRequirement,
} from '../read/spec-document.js';
import type { OperationRef } from '../route/operation-router.js';
import type { OperationOrigins, ServerOrigins } from '../route/server-origins.js';
import type { ValidateFunction } from './schema-validators.js';

/** A parameter or header to check, and where it stands in the spec and in the exchange. */
export interface ParamPlan {
  name: string;
  in: 'path' | 'query' | 'header';
  /** The lower-cased name a header is recorded under. */
  key: string;
  /** Where the value is in the exchange, e.g. `/request/headers/x-trace`; built once, not per exchange. */
  pointer: string;
  required: boolean;
  schemaPointer?: string;
  /** The compiled schema, kept here on first use so that no exchange looks it up by pointer. */
  validate?: ValidateFunction;
}

export interface MediaPlan {
  mediaType: string;
  /** Decided once when the plan is built, not per exchange. */
  isJson: boolean;
  schemaPointer?: string;
  validate?: ValidateFunction;
}

/** A body's documented media types. */
export interface BodyPlan {
  required: boolean;
  content: MediaPlan[];
}

export interface ResponsePlan {
  headers: ParamPlan[];
  /** `null`: the spec documents no body for this response. */
  body: BodyPlan | null;
}

export interface SecurityCheck {
  label: string;
  /** Where the credential belongs in the exchange, e.g. `/request/headers/apikey`. */
  pointer: string;
  present: (headers: Headers, query: URLSearchParams | undefined) => boolean;
}

/** What checking an exchange of one operation needs, compiled from the spec once. */
export interface OperationPlan {
  ref: OperationRef;
  /** The origins of its servers; absent when they are relative. */
  origins?: OperationOrigins;
  params: ParamPlan[];
  /** Alternatives (OR) of requirements (AND); empty: no security. */
  security: SecurityCheck[][];
  requestBody?: BodyPlan;
  responses: Map<string, ResponsePlan>;
  documentedStatuses: string[];
}

/** Compiles the plan of the operation `ref` of `doc`; its schemas are compiled later, on first use. */
export function compilePlan(doc: OpenApiDocument, ref: OperationRef, servers: ServerOrigins): OperationPlan {
  const operation = deref(doc, { $ref: `#${ref.pointer}` }, ref.pointer).value;
  const pathItem = deref(doc, { $ref: `#${ref.pathItemPointer}` }, ref.pathItemPointer).value;
  const params = paramPlans(doc, ref, pathItem, operation);
  const requestBody = requestBodyPlan(doc, ref, operation);
  const rawResponses = isObject(operation.responses) ? operation.responses : {};
  const origins = servers.forOperation(ref.servers);
  return {
    ref,
    ...(origins ? { origins } : {}),
    params,
    security: securityPlan(doc, operation),
    ...(requestBody ? { requestBody } : {}),
    responses: responsePlans(doc, ref, rawResponses),
    documentedStatuses: Object.keys(rawResponses),
  };
}

/** Path-level then operation-level parameters; the operation's override by name and location. */
function paramPlans(
  doc: OpenApiDocument,
  ref: OperationRef,
  pathItem: Record<string, unknown>,
  operation: Record<string, unknown>,
): ParamPlan[] {
  const byKey = new Map<string, ParamPlan>();
  const collect = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      const { value: param, pointer: at } = deref(doc, item, `${pointer}/${i}`);
      const where = param.in;
      if (where !== 'path' && where !== 'query' && where !== 'header') return;
      const name = String(param.name);
      const plan: ParamPlan = {
        name,
        in: where,
        key: name.toLowerCase(),
        pointer: `/request/${where === 'header' ? 'headers' : where}/${escapePointer(name)}`,
        required: param.required === true || where === 'path',
      };
      if (param.schema !== undefined) plan.schemaPointer = `${at}/schema`;
      byKey.set(`${where}:${where === 'header' ? name.toLowerCase() : name}`, plan);
    });
  };
  collect(pathItem.parameters, `${ref.pathItemPointer}/parameters`);
  collect(operation.parameters, `${ref.pointer}/parameters`);
  return [...byKey.values()];
}

/** Alternatives of requirements; an empty requirement `{}` makes security optional (no checks). */
function securityPlan(doc: OpenApiDocument, operation: Record<string, unknown>): SecurityCheck[][] {
  const requirements = (operation.security ?? doc.security ?? []) as SecurityRequirement[];
  if (requirements.some((requirement) => Object.keys(requirement).length === 0)) return [];
  return requirements.map((requirement) => Object.keys(requirement).map((name) => securityCheck(doc, name)));
}

function requestBodyPlan(doc: OpenApiDocument, ref: OperationRef, operation: Record<string, unknown>) {
  if (operation.requestBody === undefined) return undefined;
  const { value: body, pointer } = deref(doc, operation.requestBody, `${ref.pointer}/requestBody`);
  return bodyPlan(body.required === true, body.content, `${pointer}/content`);
}

function responsePlans(
  doc: OpenApiDocument,
  ref: OperationRef,
  rawResponses: Record<string, unknown>,
): Map<string, ResponsePlan> {
  const responses = new Map<string, ResponsePlan>();
  for (const [status, raw] of Object.entries(rawResponses)) {
    const { value: response, pointer } = deref(doc, raw, `${ref.pointer}/responses/${escapePointer(status)}`);
    const hasContent = isObject(response.content) && Object.keys(response.content).length > 0;
    responses.set(status === 'default' ? 'default' : status.toUpperCase(), {
      headers: responseHeaderPlans(doc, response.headers, pointer),
      body: hasContent ? bodyPlan(true, response.content, `${pointer}/content`) : null,
    });
  }
  return responses;
}

function responseHeaderPlans(doc: OpenApiDocument, rawHeaders: unknown, responsePointer: string): ParamPlan[] {
  if (!isObject(rawHeaders)) return [];
  const headers: ParamPlan[] = [];
  for (const [name, rawHeader] of Object.entries(rawHeaders)) {
    if (name.toLowerCase() === 'content-type') continue; // ignored by OpenAPI
    const { value: header, pointer } = deref(doc, rawHeader, `${responsePointer}/headers/${escapePointer(name)}`);
    const plan: ParamPlan = {
      name,
      in: 'header',
      key: name.toLowerCase(),
      pointer: `/response/headers/${escapePointer(name)}`,
      required: header.required === true,
    };
    if (header.schema !== undefined) plan.schemaPointer = `${pointer}/schema`;
    headers.push(plan);
  }
  return headers;
}

/** How to see in a recorded request that the credentials of a security scheme were sent. */
function securityCheck(doc: OpenApiDocument, name: string): SecurityCheck {
  const pointer = `/components/securitySchemes/${escapePointer(name)}`;
  const { value: scheme } = deref(doc, { $ref: `#${pointer}` }, pointer);
  const type = String(scheme.type);
  if (type === 'apiKey') return apiKeyCheck(name, String(scheme.name), scheme.in);
  if (type === 'http') {
    const authScheme = String(scheme.scheme ?? '').toLowerCase();
    return {
      label: `header \`Authorization\` (${name}, ${authScheme})`,
      pointer: '/request/headers/authorization',
      present: (h) => (h.authorization ?? '').toLowerCase().startsWith(`${authScheme} `),
    };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    return {
      label: `header \`Authorization\` (${name})`,
      pointer: '/request/headers/authorization',
      present: (h) => Boolean(h.authorization),
    };
  }
  // mutualTLS cannot be seen in recorded traffic.
  return { label: `${type} (${name})`, pointer: '/request', present: () => true };
}

function apiKeyCheck(name: string, field: string, where: unknown): SecurityCheck {
  const lower = field.toLowerCase();
  const at = `/${escapePointer(field)}`;
  if (where === 'header') {
    return {
      label: `header \`${field}\` (${name})`,
      pointer: `/request/headers${at}`,
      present: (h) => Boolean(h[lower]),
    };
  }
  if (where === 'query') {
    return {
      label: `query parameter \`${field}\` (${name})`,
      pointer: `/request/query${at}`,
      present: (_h, q) => Boolean(q?.get(field)),
    };
  }
  return {
    label: `cookie \`${field}\` (${name})`,
    pointer: '/request/headers/cookie',
    present: (h) => (h.cookie ?? '').split(/;\s*/).some((c) => c.startsWith(`${field}=`)),
  };
}

function bodyPlan(required: boolean, content: unknown, pointer: string): BodyPlan {
  return { required, content: mediaPlans(content, pointer) };
}

function mediaPlans(content: unknown, pointer: string): MediaPlan[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, media]) => ({
    mediaType,
    isJson: isJsonMediaType(mediaType),
    ...(isObject(media) && media.schema !== undefined
      ? { schemaPointer: `${pointer}/${escapePointer(mediaType)}/schema` }
      : {}),
  }));
}

function isJsonMediaType(mediaType: string): boolean {
  const base = mediaType.split(';')[0]!.trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json') || base === '*/*' || base === 'application/*';
}

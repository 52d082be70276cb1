import http from 'node:http';
import type { IPrismDiagnostic } from '@stoplight/prism-core';
import {
  createInstance,
  type IHttpConfig,
  type IHttpRequest,
  ProblemJsonError,
  VIOLATIONS,
} from '@stoplight/prism-http';
// Prism's own reading of a `Prefer` header (code, example, dynamic, seed) and of a body by its
// content type, from the server package this handler stands in for (pinned, so the paths hold).
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest.js';
import { serialize } from '@stoplight/prism-http-server/dist/serialize.js';
import type { IHttpOperation } from '@stoplight/types';

/** Answers one HTTP request as the mock; a server of any kind can call it (`pnpm start` does). */
export type MockHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** Prism's own bound on a request body. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
/** What is read and dropped of a refused body before its client is cut off. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024;
/** A client that sends nothing for this long after its refusal is cut off. */
const DISCARD_IDLE_MS = 5_000;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
/** An `sl-violations` header stays below what servers accept in one header. */
const MAX_VIOLATIONS_HEADER = 8 * 1024 - 100;

type Logger = Parameters<typeof createInstance>[1]['logger'];

/**
 * Prism's HTTP mocking in this process, request by request: what `@stoplight/prism-http-server`
 * does, without its server. The body is read first, so that a JSON body that does not parse is
 * answered 400 (Prism's server never answers it: its parser has consumed the `end` it waits for).
 */
export function createMockHandler(operations: IHttpOperation[], config: IHttpConfig, logger: Logger): MockHandler {
  const prism = createInstance(config, { logger });
  return (request, response) => {
    answer(request, response).catch((error: Error) => refuse(response, 500, `The mock failed: ${error.message}`));
  };

  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await readBody(request).catch(() => undefined);
    if (body === undefined) return refuseTooLarge(request, response);
    const parsed = parseBody(request, body);
    if (parsed instanceof Error) return refuse(response, 400, 'The request body is not valid JSON.');
    const input = prismInput(request, parsed);
    const preferences = getHttpConfigFromRequest(input);
    if (preferences._tag === 'Left') return problem(response, preferences.left);
    const mock = { ...config.mock, ...definedOnly(preferences.right) };
    const result = await prism.request(input, operations, { ...config, mock } as IHttpConfig)();
    if (result._tag === 'Left') return problem(response, result.left);
    const { output, validations } = result.right;
    const violations = [...validations.input.map(located('request')), ...validations.output.map(located('response'))];
    if (violations.length > 0) response.setHeader('sl-violations', violationsHeader(violations));
    const outputErrors = violations.filter((v) => v.location[0] === 'response' && v.severity === 'Error');
    if (config.errors && outputErrors.length > 0) {
      const detail =
        'Your request/response is not valid and the --errors flag is set, so Prism is generating this error for you.';
      return problem(response, ProblemJsonError.fromTemplate(VIOLATIONS, detail, { validation: outputErrors }));
    }
    for (const [name, value] of Object.entries(output.headers ?? {})) response.setHeader(name, value as string);
    const payload = serialize(output.body, response.getHeader('content-type') as string | undefined);
    send(response, output.statusCode, payload as string | undefined);
  }
}

/** The request as Prism reads it; `__server` in the query names the server, as with Prism's server. */
function prismInput(request: http.IncomingMessage, body: unknown): IHttpRequest {
  const { pathname, searchParams } = new URL(request.url ?? '/', 'http://mock');
  const query: Record<string, string | string[]> = {};
  for (const key of searchParams.keys()) {
    const values = searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return {
    method: (request.method ?? 'GET').toLowerCase() as IHttpRequest['method'],
    url: { path: pathname, baseUrl: searchParams.get('__server') ?? undefined, query },
    headers: request.headers as IHttpRequest['headers'],
    body,
  };
}

/** The whole body; rejected once it passes MAX_BODY_BYTES, when it stops reading (the refusal reads the rest). */
function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      request.off('data', collect);
      chunks.length = 0;
      reject(new Error('too large'));
    };
    request.on('data', collect);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * A 413 while the body is still coming. Closing the connection at once would make the kernel reset
 * it (it holds unread bytes) and a client still sending, which reads only afterwards, would lose the
 * answer: so the answer goes whole (`connection: close`), the rest of the body is read and dropped,
 * and the connection closes when the body ends. A client past MAX_DISCARD_BYTES, or silent for
 * DISCARD_IDLE_MS, is cut off.
 */
function refuseTooLarge(request: http.IncomingMessage, response: http.ServerResponse): void {
  const text = problemText(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const headers = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  };
  response.writeHead(413, headers).write(text);
  if (request.complete) return void response.end(); // the body ended while it was being refused
  const cutOff = () => request.socket.destroy();
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARD_BYTES) cutOff();
  });
  request.once('end', () => response.end());
  request.socket.setTimeout(DISCARD_IDLE_MS, cutOff);
}

/** No body: null, as Prism's server gives it; JSON parsed (an Error when it does not parse); else text. */
function parseBody(request: http.IncomingMessage, body: Buffer): unknown {
  const { headers } = request;
  // An empty chunked body is no body too: some clients send a body-less POST that way.
  if (body.length === 0 || (!headers['transfer-encoding'] && !headers['content-length'])) return null;
  if (!JSON_TYPE.test(headers['content-type'] ?? '')) return body.toString('utf8');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    return error as Error;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function located(prefix: 'request' | 'response') {
  return (detail: IPrismDiagnostic) => ({
    location: [prefix, ...(detail.path ?? [])],
    severity: ['Error', 'Warning', 'Information', 'Hint'][detail.severity] ?? 'Error',
    code: detail.code,
    message: detail.message,
  });
}

function violationsHeader(violations: unknown[]): string {
  const value = JSON.stringify(violations);
  return value.length > MAX_VIOLATIONS_HEADER
    ? `Too many violations! ${value.substring(0, MAX_VIOLATIONS_HEADER)}`
    : value;
}

function problem(response: http.ServerResponse, error: Error & { status?: number; additional?: { headers?: object } }) {
  if (response.writableEnded) return;
  response.setHeader('content-type', 'application/problem+json');
  for (const [name, value] of Object.entries(error.additional?.headers ?? {})) response.setHeader(name, value);
  send(response, error.status ?? 500, JSON.stringify(ProblemJsonError.toProblemJson(error)));
}

function send(response: http.ServerResponse, status: number, body: string | undefined): void {
  response.statusCode = status;
  if (body === undefined) return void response.end();
  if (!response.getHeader('content-type')) response.setHeader('content-type', 'text/plain; charset=utf-8');
  response.setHeader('content-length', Buffer.byteLength(body));
  response.end(body);
}

function refuse(response: http.ServerResponse, status: number, detail: string): void {
  if (response.headersSent) return void response.destroy();
  // application/json: the content type the spec documents for its error bodies.
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(problemText(status, detail));
}

function problemText(status: number, detail: string): string {
  return JSON.stringify({ type: 'about:blank', title: http.STATUS_CODES[status], status, detail });
}

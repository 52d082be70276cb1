import type { Exchange } from '../read/exchange.js';
import type { BodyPlan, MediaPlan } from './operation-plan.js';
import type { ErrorObject, SchemaValidators } from './schema-validators.js';
import { type ExchangeReport, schemaViolations, type Violation } from './violations.js';

/** Schema violations listed per body; the rest are counted in one closing violation. */
export const MAX_BODY_VIOLATIONS = 100;

/**
 * A request or response body: present when required, its Content-Type documented, its JSON against
 * the documented schema. A body the recording left out is noted as not checked, not reported.
 */
export function checkBody(
  side: 'request' | 'response',
  plan: BodyPlan,
  message: Exchange['request'] | Exchange['response'],
  report: ExchangeReport,
  schemas: SchemaValidators,
): void {
  const out = report.violations;
  const rawBody = message.body;
  // `null` is a JSON body (the literal null), checked like any other; only no value is no body.
  if (rawBody === undefined || rawBody === '') {
    if (message.bodyNotRecorded) report.unchecked = [...(report.unchecked ?? []), `${side} body not recorded`];
    else if (plan.required && plan.content.length > 0) {
      const expected = `a body (${plan.content.map((m) => m.mediaType).join(' or ')})`;
      out.push({ kind: side, pointer: `/${side}/body`, expected, found: 'no body' });
    }
    return;
  }
  const media = mediaOf(side, plan, message.headers['content-type'], rawBody, out);
  if (!media?.schemaPointer || !media.isJson) return;
  const body = typeof rawBody === 'string' ? parsed(side, media, rawBody, out) : { value: rawBody };
  if (!body) return;
  media.validate ??= schemas.body(media.schemaPointer);
  const validate = media.validate;
  if (!validate(body.value)) pushBodyViolations(side, body.value, validate.errors ?? [], out);
}

/** A body's text parsed as JSON; undefined (with a violation) when it is not JSON. */
function parsed(side: 'request' | 'response', media: MediaPlan, text: string, out: Violation[]) {
  try {
    // A leading byte-order mark is ignored (RFC 8259 allows it), the same whether NDJSON or HAR carried the text.
    return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown };
  } catch {
    out.push({
      kind: side,
      pointer: `/${side}/body`,
      expected: `JSON (${media.mediaType})`,
      found: 'text that is not valid JSON',
    });
    return undefined;
  }
}

/**
 * The documented media type a body is checked as, from its Content-Type; `undefined` (with a
 * violation) when the Content-Type is not documented. A server must say what it sent: a response
 * body without Content-Type is a violation. A request's is inferred (recorded requests often come
 * without headers). Either way the body is then checked as the documented media type (a parsed
 * value implies JSON).
 */
function mediaOf(
  side: 'request' | 'response',
  plan: BodyPlan,
  contentType: string | undefined,
  rawBody: unknown,
  out: Violation[],
): MediaPlan | undefined {
  const { content } = plan;
  const expected = content.map((m) => m.mediaType).join(' or ');
  if (contentType === undefined) {
    if (side === 'response')
      out.push({ kind: side, pointer: '/response/headers/content-type', expected, found: 'absent' });
    return typeof rawBody === 'string' ? content[0] : (content.find((m) => m.isJson) ?? content[0]);
  }
  const media = findMediaType(plan.content, contentType);
  if (!media) out.push({ kind: side, pointer: `/${side}/headers/content-type`, expected, found: contentType });
  return media;
}

/** Exact media type first, then `type/*`, then `*\/*`, ignoring parameters such as charset. */
function findMediaType(content: MediaPlan[], header: string): MediaPlan | undefined {
  // A header sent twice with the same value arrives joined ("application/json, application/json").
  const distinct = new Set(header.split(',').map((value) => value.trim().toLowerCase()));
  const single = distinct.size === 1 ? [...distinct][0]! : header;
  const actual = single.split(';')[0]!.trim().toLowerCase();
  const type = actual.split('/')[0];
  return (
    content.find((m) => m.mediaType.toLowerCase() === actual) ??
    content.find((m) => m.mediaType.toLowerCase() === `${type}/*`) ??
    content.find((m) => m.mediaType === '*/*')
  );
}

/**
 * A body can hold any number of faults: the first few are listed, the rest counted, so that a
 * report stays readable and bounded whatever the body's size.
 */
function pushBodyViolations(side: 'request' | 'response', body: unknown, errors: ErrorObject[], out: Violation[]) {
  for (const violation of schemaViolations(side, `/${side}/body`, body, errors.slice(0, MAX_BODY_VIOLATIONS))) {
    out.push(violation);
  }
  if (errors.length > MAX_BODY_VIOLATIONS) {
    out.push({
      kind: side,
      pointer: `/${side}/body`,
      expected: `a valid body (the first ${MAX_BODY_VIOLATIONS} schema violations are listed above)`,
      found: `${errors.length - MAX_BODY_VIOLATIONS} more schema violations, not listed`,
    });
  }
}

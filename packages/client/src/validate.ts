// Input checks that run before anything is sent. Messages name the option and how to fix it, and
// never echo a credential's value.
import { InvalidInputError } from './errors.js';
import { regions, type Region } from './generated/spec.js';

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// RFC 9110 field-value: visible characters, spaces and tabs, obs-text; never CR, LF, NUL or other controls.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const LONE_SURROGATE = /\p{Cs}/u;

export function checkAppId(appId: unknown): string {
  if (typeof appId !== 'string' || !DNS_LABEL.test(appId)) {
    throw new InvalidInputError(
      `appId ${JSON.stringify(appId)} is not a single DNS label (1-63 letters, digits, inner hyphens): pass the dashboard's app ID or set CHATPLATFORM_APP_ID`,
    );
  }
  return appId;
}

export function checkRegion(region: unknown): Region {
  if (!(regions as readonly unknown[]).includes(region)) {
    throw new InvalidInputError(
      `region ${JSON.stringify(region)} is not one of ${regions.join(', ')}: pass your app's region or set CHATPLATFORM_REGION`,
    );
  }
  return region as Region;
}

export function checkSessionId(sessionId: unknown, name = 'sessionId'): string {
  if (typeof sessionId !== 'string' || sessionId === '') {
    throw new InvalidInputError(`${name} must be a non-empty string`);
  }
  // URL parsers resolve `.` and `..` segments even percent-encoded, so they could leave /calls/.
  if (sessionId === '.' || sessionId === '..') {
    throw new InvalidInputError(`${name} ${JSON.stringify(sessionId)} would address another path`);
  }
  if (LONE_SURROGATE.test(sessionId)) {
    throw new InvalidInputError(`${name} has a lone UTF-16 surrogate: it cannot be percent-encoded`);
  }
  return sessionId;
}

/** A header value: a secret's value is never shown in the message. */
export function checkHeaderValue(name: string, value: unknown, secret = false): string {
  const shown = secret ? '' : ` ${JSON.stringify(value)}`;
  if (typeof value !== 'string') {
    throw new InvalidInputError(`${name}${shown} must be a string`);
  }
  if (!HEADER_VALUE.test(value)) {
    throw new InvalidInputError(
      `${name}${shown} has a character not allowed in an HTTP header (a control character such as CR or LF, or beyond Latin-1)`,
    );
  }
  return value;
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** `baseUrl` must be HTTPS; plain HTTP only on a loopback address (a local mock). */
export function checkBaseUrl(baseUrl: unknown): string {
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new InvalidInputError(`baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL`);
  }
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || /^127(?:\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new InvalidInputError(
      `baseUrl ${JSON.stringify(url.origin)} must be https (http only on loopback, for mocks)`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidInputError('baseUrl must have no credentials, query or fragment');
  }
  return url.href.replace(/\/+$/, '');
}

export function checkNonNegativeInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new InvalidInputError(`${name} ${JSON.stringify(value)} must be a non-negative integer`);
  }
  return value;
}

export function checkPositiveNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw new InvalidInputError(`${name} ${JSON.stringify(value)} must be a positive number of milliseconds`);
  }
  return value;
}

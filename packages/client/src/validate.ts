// Input checks that run before anything is sent. A message names the option, shows its value
// (never for a header or a credential, which may be secret) and says what it must be.
import { InvalidInputError } from './errors.js';
import { type Region, regions } from './generated/spec.js';

/** The HTTP methods openapi-fetch's interface has. */
export const METHODS = 'GET PUT POST DELETE OPTIONS HEAD PATCH TRACE'.split(' ');

/** The environment variable of an option: `apiKey` → `CHATPLATFORM_API_KEY`. */
export const envName = (option: string) => `CHATPLATFORM_${option.replace(/[A-Z]/g, '_$&').toUpperCase()}`;
/** How to give an option: "the apiKey option (or CHATPLATFORM_API_KEY)". */
export const optionHint = (option: string, env = envName(option)) => `the ${option} option (or ${env})`;

/** `value` when `ok`, else an InvalidInputError "<name> [<value>] <rule>". */
export function check<T>(ok: unknown, name: string, value: T, rule: string, hidden?: boolean): T {
  // String(): JSON.stringify would print NaN and Infinity as null.
  if (!ok)
    throw new InvalidInputError(
      `${name}${hidden ? '' : ` ${typeof value === 'number' ? value : JSON.stringify(value)}`} ${rule}`,
    );
  return value;
}

/** `value` when it is one of `allowed`, else an error listing them and saying where to set it. */
export const checkOneOf = <T>(name: string, value: unknown, allowed: readonly T[], env?: string) =>
  check(
    allowed.includes(value as T),
    name,
    value as T,
    `is not one of ${allowed.join(', ')}: set ${optionHint(name, env)}`,
  );

export const checkAppId = (appId: unknown) =>
  check(
    typeof appId === 'string' && /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/i.test(appId),
    'appId',
    appId as string,
    `is not a single DNS label (1-63 letters, digits, inner hyphens): set ${optionHint('appId')}`,
  );

export const checkRegion = (region: unknown) => checkOneOf<Region>('region', region, regions);

/** A path segment: URL parsers resolve `.` and `..` even percent-encoded, and a lone surrogate cannot be encoded. */
export const checkSegment = (value: unknown, name: string) =>
  check(
    typeof value === 'string' &&
      !/^\.{0,2}$/.test(value) &&
      (value as string & { isWellFormed(): boolean }).isWellFormed(),
    name,
    value as string,
    'must be a non-empty string, not . or .., without lone surrogates',
    true,
  );

// RFC 9110 field-value: visible characters, spaces and tabs, obs-text; never CR, LF, NUL or other controls.
/** A header value; never shown, it may be a credential. */
export const checkHeaderValue = (name: string, value: unknown) =>
  check(
    typeof value === 'string' && /^[\t\x20-\x7e\x80-\xff]*$/.test(value),
    name,
    value as string,
    'must be a Latin-1 string without control characters',
    true,
  );

/** The longest wait setTimeout keeps: a longer one fires at once. */
export const MAX_DELAY = 2 ** 31 - 1;

/** A count (`integer`: maxRetries, maxRedirects, maxResponseBytes) or a duration in ms. */
export const checkNumber = (name: string, value: unknown, integer: boolean) =>
  check(
    typeof value === 'number' &&
      (integer ? Number.isSafeInteger(value) && value >= 0 : value > 0 && value <= MAX_DELAY),
    name,
    value as number,
    integer ? 'must be a non-negative integer' : `must be a positive number of ms, at most ${MAX_DELAY}`,
  );

/** RFC 9110 token: a header name. Shown, since a name is not secret. */
export const checkHeaderName = (name: string) =>
  check(
    /^[!#$%&'*+.^`|~\w-]+$/.test(name),
    'header name',
    name,
    "is not an HTTP token (letters, digits, !#$%&'*+-.^_`|~)",
  );

/**
 * `baseUrl` must be HTTPS (plain HTTP only on a loopback address: a local mock), without
 * credentials, query or fragment: its href is then exactly its origin and path.
 */
export function checkBaseUrl(baseUrl: unknown): string {
  const url = URL.parse(String(baseUrl));
  check(
    url &&
      /^(https:|http:\/\/(localhost|\[::1]|127(\.\d+){3})[:/])/.test(url.href) &&
      url.href === url.origin + url.pathname,
    'baseUrl',
    // Only the origin is shown: a URL with user:password must not be shown whole, nor a value that
    // does not parse (the password could be in it).
    url?.origin,
    'must be an https URL (http on loopback only) without credentials, query or fragment',
    !url,
  );
  return url!.href.replace(/\/+$/, '');
}

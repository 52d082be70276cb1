import type { OasdiffChange } from './oasdiff.js';
import { responsePatternVerdict } from './patterns.js';

/**
 * What a change does to an existing client:
 * - `breaking`: a request it sends is refused or lands elsewhere, or it cannot read a response;
 *   counted, and it fails the gate inside a major version;
 * - `generated-code`: nothing changes on the wire, but code generated from the spec names things
 *   differently (a schema's model type, a security scheme's credential setting): reported, not
 *   counted;
 * - `not-breaking`: reported with the reason it is not counted.
 */
export type Rating = 'breaking' | 'generated-code' | 'not-breaking';

/** One change found between the baseline and the revision, with its rating and why. */
export interface Finding {
  /** oasdiff's check id, or this package's (`security-…`, `server-…`, `schema-…`, `request-body-closed`, …). */
  id: string;
  rating: Rating;
  checkedBy: 'oasdiff' | 'contract';
  /** oasdiff's own level for the change, when oasdiff found it. */
  oasdiffLevel?: 'ERR' | 'WARN';
  /** `GET /calls/{sessionId}`, or the component. */
  where: string;
  text: string;
  why: string;
}

/**
 * oasdiff's WARN checks ("possibly breaking"), each rated by what it does to an existing client.
 * Every other oasdiff finding at WARN or ERR is breaking. oasdiff 1.33's WARN checks are listed
 * in its checker/rules.go; one not named here is breaking (fail closed).
 */
const WARN_RATINGS: Readonly<Record<string, { rating: Rating; why: string }>> = {
  'request-body-wrapped-in-one-of-original-preserved': {
    rating: 'not-breaking',
    why: 'the request body a client sends is still one of the accepted alternatives',
  },
  'request-body-prefix-items-removed': {
    rating: 'not-breaking',
    why: 'the request accepts more array shapes than before: what clients send is still accepted',
  },
  'request-property-prefix-items-removed': {
    rating: 'not-breaking',
    why: 'the request accepts more array shapes than before: what clients send is still accepted',
  },
  'response-body-prefix-items-added': {
    rating: 'not-breaking',
    why: 'the response is constrained further: every response it allows was allowed before',
  },
  'response-property-prefix-items-added': {
    rating: 'not-breaking',
    why: 'the response is constrained further: every response it allows was allowed before',
  },
};

/** Rates one oasdiff finding (WARN or ERR) by what it does to an existing client. */
export function rateOasdiff(change: OasdiffChange): Finding {
  const finding = {
    id: change.id,
    checkedBy: 'oasdiff' as const,
    oasdiffLevel: change.level >= 3 ? ('ERR' as const) : ('WARN' as const),
    where: [change.operation, change.path].filter(Boolean).join(' ') || change.section || 'the document',
    text: change.text,
  };
  if (finding.oasdiffLevel === 'WARN') {
    const rated = change.id === 'response-property-pattern-changed' ? responsePatternVerdict(change.text) : undefined;
    const known = rated ?? WARN_RATINGS[change.id];
    if (known) return { ...finding, ...known };
  }
  if (/^response-(body|property)-type-changed$/.test(change.id) && onlyNarrowsNumber(change.text)) {
    return {
      ...finding,
      rating: 'not-breaking',
      why: 'the response now holds integers where it held numbers: every integer is a number, so clients read it as before',
    };
  }
  return { ...finding, rating: 'breaking', why: whyBreaking(change.id) };
}

/**
 * oasdiff's text for a response type change (`changed from \`number/double\` to \`integer\``)
 * says that a number became an integer, nothing else: a value clients decode as before.
 */
function onlyNarrowsNumber(text: string): boolean {
  const found = /changed from `([^`]*)` to `([^`]*)` for status/.exec(text);
  if (!found) return false;
  const [fromType = ''] = (found[1] ?? '').split('/');
  return fromType === 'number' && found[2] === 'integer';
}

/** Why a change of oasdiff's kind breaks clients, by the part of the API it touches. */
function whyBreaking(id: string): string {
  if (id.startsWith('api-path-removed') || id.startsWith('api-removed') || id.startsWith('api-operation-id-removed')) {
    return 'clients calling it get an error';
  }
  if (id.endsWith('-pattern-changed')) return 'a value that matched the old pattern may not match the new one';
  if (id.startsWith('request-') || id.startsWith('new-required-request') || id.includes('request-parameter')) {
    return 'requests existing clients send may now be refused';
  }
  if (id.startsWith('response-') || id.includes('response-header') || id.includes('response-property')) {
    return 'existing clients may fail to read or handle the response';
  }
  return 'oasdiff rates it breaking for existing clients';
}

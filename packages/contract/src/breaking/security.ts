import { HTTP_METHODS } from '@chatplatform/spec';
import { deref, isObject, type OpenApiDocument, type SecurityRequirement } from '../read/spec-document.js';

/** A breaking change found by this package's own comparison of the two bundled documents. */
export interface SecurityChange {
  id: string;
  /** Set on a rename: nothing changes on the wire, but generated clients name the credential after the scheme. */
  rating?: 'generated-code';
  /** `GET /calls/{sessionId}`, or the scheme's place in components. */
  where: string;
  text: string;
  why: string;
}

/**
 * Authentication changes that break existing clients: a security scheme an operation uses is sent
 * differently (type, `in`, header or query name, HTTP scheme, OAuth flow URLs or scopes), or an
 * operation stops accepting a credential it accepted (its scheme removed or replaced, or roles or
 * scopes it now requires that the old requirement did not).
 */
export function securityChanges(base: OpenApiDocument, revision: OpenApiDocument): SecurityChange[] {
  const users = schemeUsers(base);
  const renames = schemeRenames(base, revision);
  const changes: SecurityChange[] = [...renames].map(([from, to]) => renamed(from, to, users.get(from) ?? []));
  const changedSchemes = new Set<string>();
  for (const [name, usedBy] of users) {
    const found = schemeChanges(name, scheme(base, name), scheme(revision, renames.get(name) ?? name), usedBy);
    if (found.length > 0) changedSchemes.add(name);
    changes.push(...found);
  }
  for (const { where, path, method } of operations(base)) {
    const revised = operationAt(revision, path, method);
    if (!revised) continue; // a removed operation is oasdiff's finding
    const before = effectiveSecurity(base, operationAt(base, path, method)!).map((r) => renamedRequirement(r, renames));
    const after = effectiveSecurity(revision, revised);
    for (const requirement of before) {
      // A requirement on a scheme sent differently is already reported at the scheme.
      if (Object.keys(requirement).some((name) => changedSchemes.has(name))) continue;
      if (!after.some((candidate) => accepts(candidate, requirement)))
        changes.push(requirementChange(where, requirement, after, revision));
    }
  }
  return changes;
}

/**
 * Schemes that left the revision while one of another name that goes on the wire the same way
 * (type, location, header or query name, HTTP scheme, flows) was added: a rename.
 */
function schemeRenames(base: OpenApiDocument, revision: OpenApiDocument): Map<string, string> {
  const names = (doc: OpenApiDocument) => Object.keys(doc.components?.securitySchemes ?? {});
  const added = names(revision).filter((name) => !scheme(base, name));
  const renames = new Map<string, string>();
  for (const name of names(base).filter((n) => !scheme(revision, n))) {
    const wire = wireIdentity(scheme(base, name)!);
    const twin = added.find((candidate) => wireIdentity(scheme(revision, candidate)!) === wire);
    if (twin) {
      renames.set(name, twin);
      added.splice(added.indexOf(twin), 1);
    }
  }
  return renames;
}

function wireIdentity(s: Record<string, unknown>): string {
  const name = s.in === 'header' && typeof s.name === 'string' ? s.name.toLowerCase() : s.name;
  const httpScheme = typeof s.scheme === 'string' ? s.scheme.toLowerCase() : s.scheme;
  return JSON.stringify([s.type, s.in, name, httpScheme, s.openIdConnectUrl, s.flows]);
}

function renamedRequirement(requirement: SecurityRequirement, renames: Map<string, string>): SecurityRequirement {
  return Object.fromEntries(Object.entries(requirement).map(([name, roles]) => [renames.get(name) ?? name, roles]));
}

function renamed(from: string, to: string, users: string[]): SecurityChange {
  return {
    id: 'security-scheme-renamed',
    rating: 'generated-code',
    where: `security scheme ${from} (used by ${users.join(', ') || 'no operation'})`,
    text: `renamed \`${to}\`; the credential goes on the wire as before`,
    why: `requests are unchanged; generated clients name the credential setting after the scheme (e.g. OpenAPI Generator's api_key['${from}']), so code that sets it by name must say ${to}`,
  };
}

/** A client that satisfied `old` satisfies `candidate`: no new scheme, and no role or scope `old` did not require. */
function accepts(candidate: SecurityRequirement, old: SecurityRequirement): boolean {
  return Object.entries(candidate).every(
    ([name, roles]) => old[name] !== undefined && roles.every((role) => old[name]!.includes(role)),
  );
}

function requirementChange(
  where: string,
  old: SecurityRequirement,
  now: SecurityRequirement[],
  revision: OpenApiDocument,
): SecurityChange {
  const sameSchemes = now.some((r) => sameKeys(r, old));
  const removed = Object.keys(old).filter((name) => !scheme(revision, name));
  const gone =
    removed.length > 0 ? ` (the scheme ${removed.map((name) => `\`${name}\``).join(', ')} no longer exists)` : '';
  return {
    id: sameSchemes ? 'security-roles-narrowed' : 'security-requirement-removed',
    where,
    text: `the security requirement ${showRequirement(old)} is no longer accepted${gone}; it now accepts ${now.map(showRequirement).join(' or ')}`,
    why: sameSchemes
      ? 'clients whose credential carries only the roles (scopes) it used to require are now refused'
      : 'clients that authenticate this way are now refused',
  };
}

/** Wire changes of a scheme both documents define; a removed scheme shows in the requirements. */
function schemeChanges(
  name: string,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
  users: string[],
): SecurityChange[] {
  if (!before || !after) return [];
  return wireDifferences(before, after).map(({ field, change }) => ({
    id: `security-scheme-${field.split('.')[0]}-changed`,
    where: `security scheme ${name} (used by ${users.join(', ')})`,
    text: `${field} ${change} (now ${showScheme(after)})`,
    why: `clients send the credential as ${showScheme(before)}, which the API would no longer read`,
  }));
}

interface Difference {
  field: string;
  change: string;
}

const changed = (field: string, from: unknown, to: unknown): Difference => ({
  field,
  change: `changed from \`${String(from)}\` to \`${String(to)}\``,
});

/** How a credential goes on the wire, field by field: each field that differs. */
function wireDifferences(before: Record<string, unknown>, after: Record<string, unknown>): Difference[] {
  if (before.type !== after.type) return [changed('type', before.type, after.type)];
  const fields: [string, (s: Record<string, unknown>) => unknown][] = [
    ['in', (s) => s.in],
    // Header names are case-insensitive; query and cookie names are not.
    ['name', (s) => (s.in === 'header' && typeof s.name === 'string' ? s.name.toLowerCase() : s.name)],
    ['scheme', (s) => (typeof s.scheme === 'string' ? s.scheme.toLowerCase() : s.scheme)],
    ['openIdConnectUrl', (s) => s.openIdConnectUrl],
  ];
  const differences = fields
    .filter(([, read]) => read(before) !== read(after))
    .map(([field]) => changed(field, before[field], after[field]));
  return [...differences, ...flowDifferences(before.flows, after.flows)];
}

/** OAuth 2 flows: a flow removed, a URL changed, a scope removed from a flow. */
function flowDifferences(before: unknown, after: unknown): Difference[] {
  const differences: Difference[] = [];
  const flowsAfter = isObject(after) ? after : {};
  for (const [kind, flow] of Object.entries(isObject(before) ? before : {})) {
    const revised = flowsAfter[kind];
    if (!isObject(flow)) continue;
    if (!isObject(revised)) {
      differences.push({ field: `flows.${kind}`, change: 'removed' });
      continue;
    }
    for (const url of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
      if (flow[url] !== revised[url]) differences.push(changed(`flows.${kind}.${url}`, flow[url], revised[url]));
    }
    const scopesAfter = Object.keys(isObject(revised.scopes) ? revised.scopes : {});
    for (const scope of Object.keys(isObject(flow.scopes) ? flow.scopes : {})) {
      if (!scopesAfter.includes(scope))
        differences.push({ field: `flows.${kind}.scopes`, change: `lost \`${scope}\`` });
    }
  }
  return differences;
}

/** Scheme name → the operations whose effective security uses it. */
function schemeUsers(doc: OpenApiDocument): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const { where, operation } of operations(doc)) {
    for (const name of new Set(effectiveSecurity(doc, operation).flatMap((r) => Object.keys(r)))) {
      users.set(name, [...(users.get(name) ?? []), where]);
    }
  }
  return users;
}

/** The operation's `security`, else the document's; none at all is one empty requirement (anonymous). */
function effectiveSecurity(doc: OpenApiDocument, operation: Record<string, unknown>): SecurityRequirement[] {
  const declared = Array.isArray(operation.security) ? operation.security : doc.security;
  const requirements = (declared ?? []).filter(isObject) as SecurityRequirement[];
  return requirements.length > 0 ? requirements : [{}];
}

function* operations(
  doc: OpenApiDocument,
): Generator<{ where: string; path: string; method: string; operation: Record<string, unknown> }> {
  for (const path of Object.keys(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = operationAt(doc, path, method);
      if (operation) yield { where: `${method.toUpperCase()} ${path}`, path, method, operation };
    }
  }
}

function operationAt(doc: OpenApiDocument, path: string, method: string): Record<string, unknown> | undefined {
  const item = doc.paths?.[path];
  const operation = isObject(item) ? item[method] : undefined;
  return isObject(operation) ? operation : undefined;
}

function scheme(doc: OpenApiDocument, name: string): Record<string, unknown> | undefined {
  const value = doc.components?.securitySchemes?.[name];
  return value === undefined ? undefined : deref(doc, value, `/components/securitySchemes/${name}`).value;
}

function showScheme(s: Record<string, unknown>): string {
  if (s.type === 'apiKey') return `${String(s.in)} \`${String(s.name)}\``;
  if (s.type === 'http') return `HTTP ${String(s.scheme)} authentication`;
  return `type ${String(s.type)}`;
}

function showRequirement(r: SecurityRequirement): string {
  const parts = Object.entries(r).map(([name, roles]) => `${name}: [${roles.join(', ')}]`);
  return parts.length === 0 ? 'no credential (anonymous)' : `\`${parts.join(', ')}\``;
}

function sameKeys(a: SecurityRequirement, b: SecurityRequirement): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b);
}

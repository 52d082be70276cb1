// The bundles derived from the combined one (scripts/derive-bundles.mjs): one per address, for the
// generators that give a client a single base URL, and the OpenAPI 3.0.3 companions, for the tools
// that refuse 3.1. Each is exported where the layout says, is a valid document of its version, and
// says the same as the combined bundle.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ADDRESSES, addressKind, bundledSpecPath, effectiveServers, operationsOf } from '../../index.js';
import { configFrom, described, lintDocument, lintFile } from '../support/redocly-lint.js';

const specDir = resolve(import.meta.dirname, '../..');
const require = createRequire(join(specDir, 'package.json'));

type Version = '3.1' | '3.0';
type Address = (typeof ADDRESSES)[number];
type Where = { address?: Address; openapi: Version };
const wheres: Where[] = [undefined, ...ADDRESSES].flatMap((address) =>
  (['3.1', '3.0'] as const).map((openapi) => ({ address, openapi })),
);
const label = ({ address, openapi }: Where) => `${address ?? 'combined'} ${openapi}`;
const read = (where: Where) => JSON.parse(readFileSync(bundledSpecPath('json', where), 'utf8'));
const combined = read({ openapi: '3.1' });

/** `METHOD path` → operation, for every operation of a document. */
function operationsByKey(document: any): Map<string, any> {
  return new Map(operationsOf(document).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.operation]));
}

/** The address each operation of the combined bundle is served from, by its servers. */
function addressesOfCombined(): Map<string, string> {
  const addresses = new Map<string, string>();
  for (const { path, method, pathItem, operation } of operationsOf(combined)) {
    const kinds = new Set(effectiveServers({ operation, pathItem, root: combined }).map((s) => addressKind(s.url)));
    expect(kinds.size, `${method} ${path}`).toBe(1);
    addresses.set(`${method.toUpperCase()} ${path}`, [...kinds][0]!);
  }
  return addresses;
}

describe('the layout', () => {
  it.each(wheres.map((where) => [label(where), where] as const))(
    '%s: exported by the package as YAML and JSON, the same document',
    (_label, where) => {
      const name = `${where.address ? `${where.address}/` : ''}openapi${where.openapi === '3.0' ? '-3.0' : ''}`;
      const json = require.resolve(`@chatplatform/spec/${name}.json`);
      const yaml = require.resolve(`@chatplatform/spec/${name}.yaml`);
      expect(json).toBe(bundledSpecPath('json', where));
      expect(yaml).toBe(bundledSpecPath('yaml', where));
      expect(parseYaml(readFileSync(yaml, 'utf8'))).toEqual(JSON.parse(readFileSync(json, 'utf8')));
      expect(read(where).openapi).toBe(where.openapi === '3.0' ? '3.0.3' : '3.1.0');
    },
  );

  it('keeps bundledSpecPath() the combined 3.1 bundle, and names what is wrong in bad options', () => {
    expect(bundledSpecPath()).toBe(join(specDir, 'dist/openapi.json'));
    expect(bundledSpecPath('yaml', { address: 'calls', openapi: '3.0' })).toBe(
      join(specDir, 'dist/calls/openapi-3.0.yaml'),
    );
    expect(() => bundledSpecPath('json', { address: 'video' as never })).toThrow(
      /address must be one of calls, chat, management/,
    );
    expect(() => bundledSpecPath('json', { openapi: '2.0' as never })).toThrow(/openapi must be '3.1' or '3.0'/);
  });
});

// Independent of the code that cuts the bundles (it reads servers): what the platform's reference
// says each address serves. The Calls API on the `call-` host serves the /calls paths, the
// management address only the management API (/apps and below), the chat host on `api-` every
// other area.
describe('each operation in the bundle of the address the reference gives it', () => {
  const ids = (address: Address) =>
    [...operationsByKey(read({ address, openapi: '3.1' })).values()].map((operation) => operation.operationId).sort();
  const byPath = [...operationsByKey(combined)].map(([key, operation]) => ({ path: key.split(' ')[1]!, operation }));
  const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`);
  const [isCalls, isManagement] = [under('/calls'), under('/apps')];
  const expected = {
    calls: byPath.filter(({ path }) => isCalls(path)),
    management: byPath.filter(({ path }) => isManagement(path)),
    chat: byPath.filter(({ path }) => !isCalls(path) && !isManagement(path)),
  };

  it.each(ADDRESSES)('%s', (address) => {
    const want = expected[address as keyof typeof expected].map(({ operation }) => operation.operationId).sort();
    expect(want.length).toBeGreaterThan(0);
    expect(ids(address)).toEqual(want);
  });

  it('Get Call on the call- host, List apps on the management address, List users on the api- host', () => {
    const host = (address: Address) => read({ address, openapi: '3.1' }).servers[0].url;
    expect(ids('calls')).toContain('get-call');
    expect(host('calls')).toMatch(/^https:\/\/\{appId\}\.call-\{region\}\./);
    expect(ids('management')).toContain('list-apps');
    expect(host('management')).not.toMatch(/appId|region/);
    expect(ids('chat')).toContain('list-users');
    expect(host('chat')).toMatch(/^https:\/\/\{appId\}\.api-\{region\}\./);
  });
});

describe.each(ADDRESSES)('the %s bundle', (address) => {
  const document = read({ address, openapi: '3.1' });
  const served = [...addressesOfCombined()].filter(([, kind]) => kind === address).map(([key]) => key);

  it('has that address as its only top-level server, variables kept, with a short name', () => {
    expect(document.servers).toHaveLength(1);
    const [server] = document.servers;
    expect(addressKind(server.url)).toBe(address);
    expect(Object.keys(server.variables ?? {}).length).toBeGreaterThan(0);
    expect(server.description).toMatch(/^(Calls|Chat|Management) API$/);
  });

  it('holds exactly the operations the combined bundle serves from that address, unchanged', () => {
    expect(served.length).toBeGreaterThan(0);
    const operations = operationsByKey(document);
    expect([...operations.keys()]).toEqual(served);
    const all = operationsByKey(combined);
    for (const [key, operation] of operations) expect(operation, key).toEqual(all.get(key));
  });

  it('carries only the security schemes and tags its operations use', () => {
    const operations = [...operationsByKey(document).values()];
    const schemes = new Set(operations.flatMap((op) => (op.security ?? document.security).flatMap(Object.keys)));
    expect(new Set(Object.keys(document.components.securitySchemes))).toEqual(schemes);
    for (const name of schemesOf(document.security)) expect(schemes).toContain(name);
    const tags = new Set(operations.flatMap((op) => op.tags));
    expect(new Set(document.tags.map((t: any) => t.name))).toEqual(tags);
    expect(new Set(document['x-tagGroups'].flatMap((g: any) => g.tags))).toEqual(tags);
  });
});

const schemesOf = (requirements: any[] = []) => requirements.flatMap((r) => Object.keys(r));

describe('the per-address bundles together', () => {
  it('serve every operation of the combined bundle exactly once', () => {
    const keys = ADDRESSES.flatMap((address) => [...operationsByKey(read({ address, openapi: '3.1' })).keys()]);
    expect(keys.sort()).toEqual([...operationsByKey(combined).keys()].sort());
  });

  it('lint clean with redocly.yaml (its rules, no-unused-components among them, and every platform rule)', async () => {
    for (const address of ADDRESSES) {
      const file = bundledSpecPath('yaml', { address });
      expect(described(await lintFile(file)), file).toEqual([]);
    }
  });
});

describe('the OpenAPI 3.0.3 companions', () => {
  const work = mkdtempSync(join(tmpdir(), 'spec-derived-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const companions = wheres.filter((w) => w.openapi === '3.0');

  it("are valid OpenAPI 3.0 for Redocly's spec ruleset (its 3.0 structure check), and a 3.1 keyword is caught", async () => {
    const configFile = join(work, 'redocly-spec-only.yaml');
    writeFileSync(configFile, 'extends: [spec]\n');
    const config = await configFrom(configFile);
    for (const where of companions) {
      const file = bundledSpecPath('yaml', where);
      expect(described(await lintFile(file, config)), file).toEqual([]);
    }
    const broken = read({ openapi: '3.0' });
    broken.components.schemas.Call.if = combined.components.schemas.Call.if;
    const problems = await lintDocument(broken, join(work, 'broken.json'), config);
    expect(problems.map((p) => [p.ruleId, p.message, p.pointer])).toEqual([
      ['struct', 'Property `if` is not expected here.', '#/components/schemas/Call/if'],
    ]);
  });

  it.each(companions.map((where) => [label(where), where] as const))(
    '%s: the same operations as its 3.1 document, its key scopes in descriptions, no role on an API key',
    (_label, where) => {
      const companion = read(where);
      const original = read({ ...where, openapi: '3.1' });
      const operations = operationsByKey(companion);
      expect([...operations.keys()]).toEqual([...operationsByKey(original).keys()]);
      const apiKeys = new Set(Object.keys(companion.components.securitySchemes));
      for (const requirement of [
        ...(companion.security ?? []),
        ...[...operations.values()].flatMap((op) => op.security),
      ])
        for (const [name, roles] of Object.entries(requirement)) if (apiKeys.has(name)) expect(roles, name).toEqual([]);
      for (const [key, operation] of operationsByKey(original)) {
        const roles = operation.security.flatMap((r: any) => Object.values(r).flat());
        for (const role of roles) expect(operations.get(key).description, key).toContain(`\`${role}\``);
      }
    },
  );

  it('say in the schema what the if/then of the 3.1 schema required', () => {
    const { then, if: condition } = combined.components.schemas.Call;
    expect(condition).toBeDefined();
    const call = read({ openapi: '3.0' }).components.schemas.Call;
    expect(call).not.toHaveProperty('if');
    const [property, { const: value }] = Object.entries<any>(condition.properties)[0] ?? [];
    expect(call.description).toContain(`When \`${property}\` is \`${value}\`, \`${then.required[0]}\` is required.`);
    expect(read({ openapi: '3.0' }).info.description).toContain('## This OpenAPI 3.0.3 edition');
  });
});

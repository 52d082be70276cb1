import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEC_DIR } from '@chatplatform/spec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { assertBundleFresh, REBUILD_COMMAND } from '../../src/breaking/bundle-freshness.js';
import { type BreakingResult, checkBreaking } from '../../src/breaking/gate.js';
import { findOasdiff, OASDIFF_VERSION } from '../../src/breaking/oasdiff.js';
import { securityChanges } from '../../src/breaking/security.js';
import { BaselineError, OasdiffError, StaleBundleError, ToolMissingError } from '../../src/errors.js';
import { bundledSpecPath } from '../../src/read/spec-document.js';
import { formatBreakingText } from '../../src/reports/breaking.js';
import { packageDir, runInProcess } from '../support/helpers.js';

/** Each revision fixture is base.yaml with one edit, named by its first line. */
const fixture = (name: string) => join(packageDir, 'test/fixtures/breaking', name);
const check = (revision: string): BreakingResult =>
  checkBreaking({ base: fixture('base.yaml'), revision: fixture(revision) });
const ids = (result: BreakingResult) => result.breaking.map((change) => change.id);

const temps: string[] = [];
const tempDir = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  temps.push(path);
  return path;
};
afterAll(() => {
  for (const path of temps) rmSync(path, { recursive: true, force: true });
});

// Fails (never skips) when oasdiff is missing, naming how to install it.
beforeAll(() => findOasdiff());

describe('authentication changes are breaking', () => {
  it.each([
    [
      'security-header-renamed.yaml',
      'security-scheme-name-changed',
      'security scheme apiKey',
      'name changed from `apikey` to `x-api-key`',
    ],
    [
      'security-header-to-query.yaml',
      'security-scheme-in-changed',
      'security scheme apiKey',
      'in changed from `header` to `query`',
    ],
    [
      'security-type-changed.yaml',
      'security-scheme-type-changed',
      'security scheme apiKey',
      'type changed from `apiKey` to `http`',
    ],
    [
      'security-roles-narrowed.yaml',
      'security-roles-narrowed',
      'POST /users/{uid}/auth_tokens',
      '`apiKey: [authOnly]` is no longer accepted',
    ],
    [
      'security-roles-replaced.yaml',
      'security-roles-narrowed',
      'GET /calls/{sessionId}',
      '`apiKey: [fullAccess]` is no longer accepted; it now accepts `apiKey: [authOnly]`',
    ],
    [
      'security-requirement-extended.yaml',
      'security-requirement-removed',
      'GET /users',
      'now accepts `apiKey: [fullAccess], managementSecret: []`',
    ],
  ])('%s: %s at %s', (revision, id, where, text) => {
    const result = check(revision);
    expect(result.breaking).toEqual([
      expect.objectContaining({
        id,
        rating: 'breaking',
        where: expect.stringContaining(where),
        text: expect.stringContaining(text),
      }),
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('a scheme header change names every operation that uses the scheme, and the management schemes are not among them', () => {
    const [change] = check('security-header-renamed.yaml').breaking;
    expect(change?.where).toBe(
      'security scheme apiKey (used by GET /calls/{sessionId}, POST /users/{uid}/auth_tokens, GET /users)',
    );
  });

  it('a scheme replaced by another one is breaking on every operation that required it', () => {
    const result = check('security-scheme-replaced.yaml');
    expect(result.breaking.map((c) => `${c.id} ${c.where}`)).toEqual([
      'security-requirement-removed GET /calls/{sessionId}',
      'security-requirement-removed POST /users/{uid}/auth_tokens',
      'security-requirement-removed POST /users/{uid}/auth_tokens',
      'security-requirement-removed GET /users',
    ]);
    expect(result.breaking[0]?.text).toContain(
      '(the scheme `apiKey` no longer exists); it now accepts `token: [fullAccess]`',
    );
  });

  it('an OAuth flow losing a scope or changing its token URL (schemes the platform may add)', () => {
    const oauth = (tokenUrl: string, scopes: Record<string, string>) => ({
      openapi: '3.1.0',
      info: { version: '3.0.0' },
      paths: { '/calls': { get: { security: [{ oauth: ['calls:read'] }] } } },
      components: {
        securitySchemes: { oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl, scopes } } } },
      },
    });
    const before = oauth('https://auth.example.test/token', { 'calls:read': '', 'calls:write': '' });
    const after = oauth('https://auth.example.test/v2/token', { 'calls:read': '' });
    expect(securityChanges(before, after).map((c) => `${c.id}: ${c.text}`)).toEqual([
      'security-scheme-flows-changed: flows.clientCredentials.tokenUrl changed from `https://auth.example.test/token` to `https://auth.example.test/v2/token` (now type oauth2)',
      'security-scheme-flows-changed: flows.clientCredentials.scopes lost `calls:write` (now type oauth2)',
    ]);
  });

  it.each([
    ['security-header-letter-case.yaml', 'header names are case-insensitive'],
    ['security-roles-widened.yaml', 'a key of any role is accepted where fullAccess or authOnly was'],
    ['security-management-secret-dropped.yaml', 'clients sending key and secret are still accepted'],
  ])('%s is not breaking (%s)', (revision) => {
    const result = check(revision);
    expect(result.breaking).toEqual([]);
    expect(result.verdict).toBe('pass');
  });
});

describe('response changes are breaking', () => {
  it.each(['allof', 'oneof', 'anyof', 'if-then-else', 'ref'])(
    'data going from array to object through %s',
    (composition) => {
      const result = check(`type-data-object-${composition}.yaml`);
      expect(result.breaking).toContainEqual(
        expect.objectContaining({
          id: 'response-property-type-changed',
          rating: 'breaking',
          where: 'GET /calls/{sessionId}',
          text: expect.stringMatching(
            /the `data` response's property `type` changed from `array<object>` to `(object|any)` for status `200`/,
          ),
        }),
      );
      expect(result.verdict).toBe('fail');
    },
  );

  it('a nested property changing type through allOf', () => {
    const result = check('type-nested-allof.yaml');
    expect(result.breaking).toEqual([
      expect.objectContaining({
        id: 'response-property-type-changed',
        rating: 'breaking',
        text: expect.stringContaining(
          "`data/items/sessionId` response's property `type` changed from `string` to `integer`",
        ),
      }),
    ]);
  });

  it('a removed documented response (the 400)', () => {
    const result = check('response-400-removed.yaml');
    expect(result.breaking).toEqual([
      expect.objectContaining({
        id: 'response-non-success-status-removed',
        rating: 'breaking',
        where: 'GET /calls/{sessionId}',
        text: expect.stringContaining('`400`'),
      }),
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('a new optional response property and a new operation are not breaking', () => {
    expect(check('additive.yaml')).toMatchObject({
      breaking: [],
      moves: [],
      verdict: 'pass',
      reason: 'no breaking change',
    });
  });
});

describe('versioning: a breaking change passes only with the major version moved everywhere', () => {
  const places = (result: BreakingResult) => result.moves.map((move) => `${move.where}: ${move.from} → ${move.to}`);
  const v3 = (host: string) => `https://{appId}.${host}-{region}.example.test/v3`;
  const v4 = (host: string) => `https://{appId}.${host}-{region}.example.test/v4`;

  it('inside the same major version it fails, listing every place to move (the unversioned management server is not one)', () => {
    const result = check('response-400-removed.yaml');
    expect(places(result)).toEqual([
      'info.version: 3.0.0 → 4.0.0',
      `servers[0]: ${v3('api')} → ${v4('api')}`,
      `/calls/{sessionId} servers[0]: ${v3('call')} → ${v4('call')}`,
      `POST /users/{uid}/auth_tokens servers[0]: ${v3('api')} → ${v4('api')}`,
    ]);
    expect(result.reason).toMatch(/^1 breaking change\(s\) since v3: release them as v4/);
  });

  it('info.version moved but not the servers: fails naming the servers', () => {
    const result = check('major-info-only.yaml');
    expect(result.verdict).toBe('fail');
    expect(result.moves.map((m) => m.where)).toEqual([
      'servers[0]',
      '/calls/{sessionId} servers[0]',
      'POST /users/{uid}/auth_tokens servers[0]',
    ]);
  });

  it('the servers moved but not info.version: fails naming info.version', () => {
    const result = check('major-servers-only.yaml');
    expect(result.verdict).toBe('fail');
    expect(places(result)).toEqual(['info.version: 3.0.0 → 4.0.0']);
  });

  it.each([
    ['major-operation-server-left.yaml', `POST /users/{uid}/auth_tokens servers[0]: ${v3('api')} → ${v4('api')}`],
    ['major-path-server-left.yaml', `/calls/{sessionId} servers[0]: ${v3('call')} → ${v4('call')}`],
  ])('%s: fails naming the one server left behind', (revision, move) => {
    const result = check(revision);
    expect(result.verdict).toBe('fail');
    expect(places(result)).toEqual([move]);
  });

  it('moved in info.version and every server: passes, still reporting the change', () => {
    const result = check('major-all.yaml');
    expect(result).toMatchObject({ verdict: 'pass', moves: [] });
    expect(result.reason).toMatch(/^\d+ breaking change\(s\), released as the new major version v4$/);
    // The servers' /v3 → /v4 is itself a change of the URL clients build, reported with the rest.
    expect(new Set(ids(result))).toEqual(new Set(['response-non-success-status-removed', 'server-url-changed']));
  });

  it('without a breaking change, a major version moved only partly fails too', () => {
    const result = check('version-moved-partly.yaml');
    expect(result.breaking).toEqual([]);
    expect(result.verdict).toBe('fail');
    expect(result.moves.map((m) => m.where)).toEqual([
      'servers[0]',
      '/calls/{sessionId} servers[0]',
      'POST /users/{uid}/auth_tokens servers[0]',
    ]);
  });

  it('the text report says what changed, where, why, and what to move', () => {
    const text = formatBreakingText(check('major-info-only.yaml'));
    expect(text).toContain(
      '  BREAKING GET /calls/{sessionId}: removed the non-success response with the status `400` [response-non-success-status-removed, oasdiff ERR]\n',
    );
    expect(text).toContain('      why: existing clients may fail to read or handle the response\n');
    expect(text).toContain(`FAIL: 1 breaking change(s) since v3: release them as v4`);
    expect(text).toContain(`  move servers[0]: ${v3('api')} → ${v4('api')}\n`);
  });
});

describe('fails closed when oasdiff cannot be trusted', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  /** An executable standing in for oasdiff. */
  const fakeOasdiff = (script: string) => {
    const path = join(tempDir('fake-oasdiff-'), 'oasdiff');
    writeFileSync(path, `#!/bin/sh\n${script}\n`);
    chmodSync(path, 0o755);
    process.env.OASDIFF = path;
  };

  it.each([
    [
      'refuses its settings',
      'echo "Error: invalid rule id \\"api-security-removed\\" on line 2" >&2; exit 106',
      /oasdiff failed \(exit 106\): Error: invalid rule id/,
    ],
    ['prints something other than JSON', 'echo "no changes"; exit 0', /not JSON: no changes/],
    ['prints JSON that is not a change list', 'echo \'{"changes": 3}\'; exit 1', /not a list of changes/],
    ['exits 1 without listing a change', 'echo "[]"; exit 1', /exited 1 but listed 0 breaking change\(s\)/],
    ['is killed', 'kill -9 $$', /oasdiff failed \(exit signal SIGKILL\)/],
    ['prints nothing', 'exit 0', /oasdiff printed nothing \(ran .*fake-oasdiff-.*\/oasdiff\)/],
  ])('oasdiff that %s is an error, never a pass', (_, script, message) => {
    fakeOasdiff(script);
    expect(() => check('additive.yaml')).toThrow(OasdiffError);
    expect(() => check('additive.yaml')).toThrow(message);
  });

  it('an oasdiff that prints nothing (OASDIFF=/bin/true) fails the CLI with exit 2, never PASS', async () => {
    process.env.OASDIFF = '/bin/true';
    const run = await runInProcess([
      'breaking',
      '--base',
      fixture('base.yaml'),
      '--revision',
      fixture('response-400-removed.yaml'),
    ]);
    expect(run.stdout).not.toContain('PASS');
    expect(run.stderr).toContain('oasdiff printed nothing (ran /bin/true)');
    expect(run.code).toBe(2);
  });

  /** A `go` standing in for Go's: `go version -m BINARY` prints `buildInfo`, or fails as for a binary Go did not build. */
  const fakeGo = (buildInfo: string | undefined) => {
    const dir = tempDir('fake-go-');
    const answer =
      buildInfo === undefined ? 'echo "$3: could not read Go build info" >&2; exit 1' : `printf '${buildInfo}'`;
    writeFileSync(join(dir, 'go'), `#!/bin/sh\n[ "$1 $2" = "version -m" ] || exit 3\n${answer}\n`);
    chmodSync(join(dir, 'go'), 0o755);
    process.env.PATH = `${dir}:${saved.PATH}`;
  };
  const buildInfo = (version: string) =>
    `%s: go1.26.8\\n\\tpath\\tgithub.com/oasdiff/oasdiff\\n\\tmod\\tgithub.com/oasdiff/oasdiff\\t${version}\\th1:x=\\n`;

  it('an oasdiff of another version than the pinned one is refused, naming both and the install command', async () => {
    fakeOasdiff('echo "[]"; exit 0');
    fakeGo(buildInfo('v1.30.0'));
    expect(() => check('additive.yaml')).toThrow(OasdiffError);
    expect(() => check('additive.yaml')).toThrow(
      new RegExp(
        `is oasdiff v1\\.30\\.0, not ${OASDIFF_VERSION.replaceAll('.', '\\.')}.*go install github\\.com/oasdiff/oasdiff@${OASDIFF_VERSION}`,
      ),
    );
    const run = await runInProcess([
      'breaking',
      '--base',
      fixture('base.yaml'),
      '--revision',
      fixture('additive.yaml'),
    ]);
    expect(run.stderr).toContain('v1.30.0');
    expect(run.code).toBe(2);
  });

  it('the pinned version passes and is named; a release that cannot be read (no Go build info, no go) is said in the report', () => {
    fakeOasdiff('echo "[]"; exit 0');
    fakeGo(buildInfo(OASDIFF_VERSION));
    expect(check('additive.yaml')).toMatchObject({ verdict: 'pass', oasdiff: OASDIFF_VERSION });
    fakeGo(undefined);
    const unread = check('additive.yaml');
    expect(unread).toMatchObject({
      verdict: 'pass',
      oasdiff: 'release not checked: the binary carries no Go module version',
    });
    expect(formatBreakingText(unread)).toContain(
      'oasdiff release not checked: the binary carries no Go module version',
    );
    process.env.PATH = tempDir('no-go-');
    expect(check('additive.yaml')).toMatchObject({
      verdict: 'pass',
      oasdiff: expect.stringMatching(/^release not checked: go could not run/),
    });
  });

  it('a WARN ("possibly breaking") from oasdiff that the gate cannot rate counts as breaking (fail closed)', () => {
    const warn = {
      id: 'response-property-pattern-changed',
      text: 'the pattern changed',
      level: 2,
      operation: 'GET',
      path: '/calls/{sessionId}',
    };
    fakeOasdiff(`echo '${JSON.stringify([warn])}'; exit 1`);
    const result = check('additive.yaml');
    expect(result.breaking).toEqual([
      expect.objectContaining({
        id: warn.id,
        oasdiffLevel: 'WARN',
        rating: 'breaking',
        where: 'GET /calls/{sessionId}',
      }),
    ]);
    expect(result.verdict).toBe('fail');
  });

  it('a revision that does not exist, or a baseline that is not OpenAPI 3.x, is an input error', () => {
    expect(() => check('no-such-revision.yaml')).toThrow(
      /no-such-revision\.yaml does not exist: name an OpenAPI file, or leave --revision out/,
    );
    const swagger = join(tempDir('swagger-'), 'swagger.yaml');
    writeFileSync(swagger, 'swagger: "2.0"\ninfo: {title: t, version: 1.0.0}\npaths: {}\n');
    expect(() => checkBreaking({ base: swagger, revision: fixture('base.yaml') })).toThrow(BaselineError);
    expect(() => checkBreaking({ base: swagger, revision: fixture('base.yaml') })).toThrow(
      'is not an OpenAPI 3.x document',
    );
  });

  it('a missing oasdiff is an error naming how to install it', () => {
    const empty = tempDir('no-oasdiff-');
    expect(() => findOasdiff({ PATH: empty, HOME: empty })).toThrow(ToolMissingError);
    expect(() => findOasdiff({ PATH: empty, HOME: empty })).toThrow(
      `go install github.com/oasdiff/oasdiff@${OASDIFF_VERSION}`,
    );
  });

  it("oasdiff's own configuration (OASDIFF_CONFIG) cannot silence a check", () => {
    const dir = tempDir('oasdiff-config-');
    writeFileSync(
      join(dir, 'levels.txt'),
      'response-property-type-changed none\nresponse-non-success-status-removed none\n',
    );
    writeFileSync(join(dir, 'config.yaml'), `severity-levels: ${join(dir, 'levels.txt')}\nflatten-allof: false\n`);
    process.env.OASDIFF_CONFIG = join(dir, 'config.yaml');
    expect(ids(check('type-data-object-allof.yaml'))).toContain('response-property-type-changed');
    expect(ids(check('response-400-removed.yaml'))).toEqual(['response-non-success-status-removed']);
  });
});

describe('a stale bundle is refused', () => {
  function specPackage(): { dir: string; bundle: string } {
    const dir = tempDir('spec-package-');
    mkdirSync(join(dir, 'paths'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\n');
    writeFileSync(join(dir, 'paths', 'calls.yaml'), 'get: {}\n');
    writeFileSync(join(dir, 'dist', 'openapi.yaml'), 'openapi: 3.1.0\n');
    const past = new Date(Date.now() - 60_000);
    for (const file of ['openapi.yaml', 'paths/calls.yaml']) utimesSync(join(dir, file), past, past);
    return { dir, bundle: join(dir, 'dist', 'openapi.yaml') };
  }

  it('a source newer than the bundle is named, with how to rebuild', () => {
    const { dir, bundle } = specPackage();
    utimesSync(join(dir, 'paths', 'calls.yaml'), new Date(), new Date(Date.now() + 5_000));
    expect(() => assertBundleFresh(bundle, dir)).toThrow(StaleBundleError);
    expect(() => assertBundleFresh(bundle, dir)).toThrow(
      new RegExp(`older than its source paths/calls\\.yaml .*rebuild it with \`${REBUILD_COMMAND}\``),
    );
  });

  it('outputs, tests and installed modules newer than the bundle do not make it stale', () => {
    const { dir, bundle } = specPackage();
    for (const name of ['test', 'node_modules']) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'x.ts'), '');
    }
    writeFileSync(join(dir, 'dist', 'openapi.json'), '{}');
    expect(() => assertBundleFresh(bundle, dir)).not.toThrow();
  });

  it('run without --revision, the check refuses a bundled spec older than the spec sources', () => {
    const bundle = bundledSpecPath('yaml');
    const { atime, mtime } = statSync(bundle);
    const old = new Date(0);
    utimesSync(bundle, old, old);
    try {
      expect(() => checkBreaking({ base: fixture('base.yaml') })).toThrow(StaleBundleError);
      expect(() => checkBreaking({ base: fixture('base.yaml') })).toThrow(`rebuild it with \`${REBUILD_COMMAND}\``);
    } finally {
      utimesSync(bundle, atime, mtime);
    }
  });
});

describe('bundle freshness', () => {
  it('a released bundle under releases/ newer than the bundle is no source of it; a path file is', () => {
    const spec = tempDir('fresh-spec-');
    for (const dir of ['dist', 'releases', 'paths']) mkdirSync(join(spec, dir));
    const at = (path: string, seconds: number) => {
      writeFileSync(join(spec, path), 'openapi: 3.1.0\n');
      utimesSync(join(spec, path), seconds, seconds);
    };
    at('openapi.yaml', 1_000);
    at('dist/openapi.yaml', 2_000);
    at('releases/openapi-3.0.0.yaml', 3_000);
    expect(() => assertBundleFresh(join(spec, 'dist/openapi.yaml'), spec)).not.toThrow();
    at('paths/calls.yaml', 3_000);
    expect(() => assertBundleFresh(join(spec, 'dist/openapi.yaml'), spec)).toThrow(StaleBundleError);
  });
});

describe('baselines from git', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

  /** A repository whose spec/openapi.yaml is base.yaml at its first commit, then each given fixture, tagged. */
  function repository(releases: [fixtureName: string, tag?: string][]): string {
    const repo = tempDir('spec-repo-');
    mkdirSync(join(repo, 'spec'));
    git(repo, 'init', '--quiet', '--initial-branch=main');
    for (const [name, tag] of [['base.yaml'] as [string, string?], ...releases]) {
      copyFileSync(fixture(name), join(repo, 'spec', 'openapi.yaml'));
      git(repo, 'add', '.');
      git(
        repo,
        '-c',
        'user.name=test',
        '-c',
        'user.email=test@example.test',
        'commit',
        '--quiet',
        '--allow-empty',
        '-m',
        name,
      );
      if (tag) git(repo, 'tag', tag);
    }
    return repo;
  }
  const inRepo = (repo: string, base: string, revision: string) =>
    checkBreaking({ base, revision: fixture(revision), cwd: repo, specDir: join(repo, 'spec') });

  it('@last-release is the newest spec-v* tag in version order (3.10 after 3.9), bundled at that tag', () => {
    const repo = repository([
      ['base.yaml', 'spec-v3.9.0'],
      ['response-400-removed.yaml', 'spec-v3.10.0'],
      ['security-roles-narrowed.yaml'],
    ]);
    const result = inRepo(repo, '@last-release', 'response-400-removed.yaml');
    expect(result.base.label).toBe(
      `last release spec-v3.10.0 (${git(repo, 'rev-parse', 'spec-v3.10.0').slice(0, 12)})`,
    );
    expect(result).toMatchObject({ breaking: [], verdict: 'pass' });
  });

  it('@last-release is the newest released bundle under spec/releases/ (3.10 after 3.9), before any tag', () => {
    const repo = repository([['base.yaml', 'spec-v3.11.0']]);
    mkdirSync(join(repo, 'spec', 'releases'));
    copyFileSync(fixture('base.yaml'), join(repo, 'spec', 'releases', 'openapi-3.9.0.yaml'));
    copyFileSync(fixture('response-400-removed.yaml'), join(repo, 'spec', 'releases', 'openapi-3.10.0.yaml'));
    writeFileSync(join(repo, 'spec', 'releases', 'notes.md'), 'not a released bundle\n');
    const result = inRepo(repo, '@last-release', 'response-400-removed.yaml');
    expect(result.base.label).toBe('last release spec/releases/openapi-3.10.0.yaml');
    expect(result).toMatchObject({ breaking: [], verdict: 'pass' });
  });

  it('without a spec-v* tag, @last-release is the first commit', () => {
    const repo = repository([['response-400-removed.yaml']]);
    const result = inRepo(repo, '@last-release', 'response-400-removed.yaml');
    expect(result.base.label).toBe(
      `first commit, no spec-v* tag yet (${git(repo, 'rev-list', '--max-parents=0', 'HEAD').slice(0, 12)})`,
    );
    expect(ids(result)).toEqual(['response-non-success-status-removed']);
  });

  it('in a shallow clone without release tags, @last-release explains how to fetch history', () => {
    const repo = repository([['additive.yaml']]);
    const clone = join(tempDir('shallow-'), 'clone');
    execFileSync('git', ['clone', '--quiet', '--depth', '1', '--no-tags', `file://${repo}`, clone]);
    expect(() => inRepo(clone, '@last-release', 'additive.yaml')).toThrow(BaselineError);
    expect(() => inRepo(clone, '@last-release', 'additive.yaml')).toThrow(
      /clone is shallow.*git fetch --tags --unshallow/,
    );
  });

  it('a ref that is not in the clone is an error saying how to fetch it', () => {
    const repo = repository([]);
    expect(() => inRepo(repo, 'spec-v999.0.0', 'additive.yaml')).toThrow(
      /--base spec-v999\.0\.0: no such file, and no such git ref in this clone \(fetch it first, e\.g\. `git fetch --tags`\)/,
    );
  });

  it("the platform's spec at HEAD is bundled with its own redocly.yaml and compared", () => {
    const dir = tempDir('revision-');
    const doc = parse(readFileSync(bundledSpecPath('yaml'), 'utf8'));
    delete doc.paths['/calls/{sessionId}'];
    writeFileSync(join(dir, 'revision.yaml'), stringify(doc));
    const result = checkBreaking({ base: 'HEAD', revision: join(dir, 'revision.yaml'), specDir: SPEC_DIR });
    expect(result.base.label).toBe(`HEAD (${git(packageDir, 'rev-parse', 'HEAD').slice(0, 12)})`);
    expect(result.breaking).toContainEqual(
      expect.objectContaining({ id: 'api-path-removed-without-deprecation', where: 'GET /calls/{sessionId}' }),
    );
  });
});

describe('chatplatform-contract breaking (the CLI in-process)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('exits 0 on a pass, 1 on a breaking change, 2 when oasdiff is missing', async () => {
    const pass = await runInProcess([
      'breaking',
      '--base',
      fixture('base.yaml'),
      '--revision',
      fixture('additive.yaml'),
    ]);
    expect([pass.code, pass.stdout]).toEqual([0, expect.stringContaining('PASS: no breaking change.')]);

    const fail = await runInProcess([
      'breaking',
      '--base',
      fixture('base.yaml'),
      '--revision',
      fixture('security-header-renamed.yaml'),
    ]);
    expect(fail.stdout).toContain('BREAKING security scheme apiKey (used by');
    expect(fail.stdout).toContain('  move info.version: 3.0.0 → 4.0.0');
    expect(fail.code).toBe(1);

    const empty = tempDir('no-oasdiff-');
    process.env = { PATH: empty, HOME: empty };
    const missing = await runInProcess([
      'breaking',
      '--base',
      fixture('base.yaml'),
      '--revision',
      fixture('additive.yaml'),
    ]);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toContain('chatplatform-contract breaking: oasdiff is not installed');
    expect(missing.code).toBe(2);
  });
});

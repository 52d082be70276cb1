import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { BaselineError, checkBreaking } from '../src/breaking.js';
import { bundledSpecPath } from '../src/spec-document.js';
import { findOasdiff, OASDIFF_VERSION } from '../src/oasdiff.js';
import { packageDir, runCli } from './helpers.js';

const bundled = bundledSpecPath('yaml');
const temps: string[] = [];
const tempDir = (prefix: string) => {
  const path = mkdtempSync(join(tmpdir(), prefix));
  temps.push(path);
  return path;
};
const dir = tempDir('contract-breaking-test-');
afterAll(() => temps.forEach((path) => rmSync(path, { recursive: true, force: true })));
let base: string;

/** Writes an edited copy of the bundled spec (the baseline copy is taken once, so concurrent builds cannot skew a pair). */
function edited(name: string, edit: (doc: any) => void): string {
  const doc = parse(readFileSync(base, 'utf8'));
  edit(doc);
  const path = join(dir, `${name}.yaml`);
  writeFileSync(path, stringify(doc));
  return path;
}

beforeAll(() => {
  // Fails (never skips) when oasdiff is missing, naming how to install it.
  findOasdiff();
  base = join(dir, 'base.yaml');
  writeFileSync(base, readFileSync(bundled));
});

describe('breaking: oasdiff verdicts on spec edits', () => {
  it('a non-breaking edit (new optional response field, new operation) passes', () => {
    const revision = edited('additive', (doc) => {
      doc.components.schemas.Call.properties.region = { type: 'string', description: 'new optional field' };
      doc.paths['/users'].post = { ...doc.paths['/users'].get, operationId: 'create-user', summary: 'Create a user' };
    });
    const { code, stdout } = runCli(['breaking', '--base', base, '--revision', revision]);
    expect(stdout).toContain('PASS: no breaking change.');
    expect(code).toBe(0);
  });

  it('a breaking edit inside v3 fails with oasdiff\'s findings', () => {
    const revision = edited('breaking', (doc) => {
      doc.components.parameters.onBehalfOf.required = true;
      delete doc.paths['/users'];
    });
    const { code, stdout } = runCli(['breaking', '--base', base, '--revision', revision]);
    expect(stdout).toMatch(/ERR GET \/calls\/\{sessionId\}: the `header` request parameter `onbehalfof` became required \[request-parameter-became-required\]/);
    expect(stdout).toContain('[api-path-removed-without-deprecation]');
    expect(stdout).toMatch(/FAIL: \d+ breaking change\(s\) inside v3: release them as a new major version \(info.version 4.0.0 and server base path \/v4\)/);
    expect(code).toBe(1);
  });

  it('the same breaking edit released as a new major version (4.0.0, /v4) passes with a report', () => {
    const revision = edited('major', (doc) => {
      doc.components.parameters.onBehalfOf.required = true;
      doc.info.version = '4.0.0';
      const bump = (servers: { url: string }[] | undefined) => servers?.forEach((s) => (s.url = s.url.replace('/v3', '/v4')));
      bump(doc.servers);
      for (const item of Object.values<any>(doc.paths)) bump(item.servers);
    });
    const { code, stdout } = runCli(['breaking', '--base', base, '--revision', revision, '--format', 'json']);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ verdict: 'pass', newMajor: true, revision: { version: '4.0.0', majors: [4] } });
    expect(result.breaking.map((c: { id: string }) => c.id)).toContain('request-parameter-became-required');
    expect(code).toBe(0);
  });

  it('a git ref is bundled at that ref (git archive + redocly bundle) and compared', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: packageDir, encoding: 'utf8' }).trim();
    const revision = edited('no-calls', (doc) => delete doc.paths['/calls/{sessionId}']);
    const { code, stdout, stderr } = runCli(['breaking', '--base', 'HEAD', '--revision', revision]);
    expect(stderr).toBe('');
    expect(stdout).toContain(`HEAD (${head.slice(0, 12)})`);
    expect(stdout).toMatch(/ERR GET \/calls\/\{sessionId\}: api path removed without deprecation/);
    expect(code).toBe(1);
  });

  it('@last-release is the newest spec-v* tag, else the first commit', () => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: packageDir, encoding: 'utf8' }).trim();
    const tag = git('tag', '--list', 'spec-v*', '--sort=-v:refname').split('\n')[0];
    const expected = tag ? `last release ${tag} (${git('rev-parse', `${tag}^{commit}`).slice(0, 12)})` : `first commit, no spec-v* tag yet (${git('rev-list', '--max-parents=0', 'HEAD').split('\n').pop()!.slice(0, 12)})`;
    const { code, stdout } = runCli(['breaking', '--base', '@last-release', '--format', 'json']);
    expect(JSON.parse(stdout).base.label).toBe(expected);
    expect([0, 1]).toContain(code);
  });

  it('in a shallow clone without release tags, @last-release explains how to fetch history', () => {
    const clone = join(tempDir('shallow-'), 'repo');
    execFileSync('git', ['clone', '--quiet', '--depth', '1', '--no-tags', `file://${execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: packageDir, encoding: 'utf8' }).trim()}`, clone]);
    expect(() => checkBreaking({ base: '@last-release', cwd: clone })).toThrow(BaselineError);
    expect(() => checkBreaking({ base: '@last-release', cwd: clone })).toThrow(/clone is shallow.*git fetch --tags --unshallow/);
  });

  it('a missing ref is exit 2 with a message on how to fetch it', () => {
    const { code, stderr } = runCli(['breaking', '--base', 'spec-v999.0.0']);
    expect(code).toBe(2);
    expect(stderr).toContain('--base spec-v999.0.0: no such file, and no such git ref in this clone');
    expect(stderr).toMatch(/git fetch --tags/);
  });

  it('a missing oasdiff is exit 2 with how to install it', () => {
    const empty = tempDir('no-oasdiff-');
    const { code, stderr } = runCli(['breaking', '--base', base], { env: { PATH: empty, HOME: empty } });
    expect(code).toBe(2);
    expect(stderr).toContain(`oasdiff is not installed`);
    expect(stderr).toContain(`go install github.com/oasdiff/oasdiff@${OASDIFF_VERSION}`);
  });

  it('scripts/setup.sh installs the version the CLI names', () => {
    const setup = readFileSync(join(packageDir, '../../scripts/setup.sh'), 'utf8');
    expect(setup).toContain(`local version=${OASDIFF_VERSION}`);
    expect(setup).toMatch(/install "github\.com\/oasdiff\/oasdiff@\$version"/);
  });
});

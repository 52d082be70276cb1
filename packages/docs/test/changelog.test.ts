// The changelog (scripts/changelog.mjs, scripts/changelog-page.mjs) on git repositories this test
// makes: a small spec released as spec-v1.0.0 and spec-v2.0.0, then changed again in the working
// tree; the same repository before any tag; and tags that do not follow the scheme.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChangelog } from '../scripts/changelog.mjs';
import { changelogHtml } from '../scripts/changelog-page.mjs';
import { docsDir, docsHtml } from './support.js';

/** A one-file spec: `id` typed `idType`, served under /v<major>. */
const spec = (version: string, idType: string) => `openapi: 3.1.0
info:
  title: Pets
  version: ${version}
  license: { name: Proprietary, identifier: LicenseRef-Proprietary }
servers:
  - url: https://api.example.com/v${version.split('.')[0]}
security: []
paths:
  /pets/{petId}:
    get:
      operationId: get-pet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The pet.
          content:
            application/json:
              schema:
                type: object
                required: [id]
                properties:
                  id: { type: ${idType} }
`;

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
const specDir = () => join(repo, 'spec');
const writeSpec = (text: string) => writeFileSync(join(specDir(), 'openapi.yaml'), text);

function release(version: string, idType: string, tag = `spec-v${version}`) {
  writeSpec(spec(version, idType));
  git('add', '-A');
  git('commit', '-q', '-m', `spec ${version}`);
  if (tag) git('tag', tag);
}

function makeRepo() {
  repo = mkdtempSync(join(tmpdir(), 'docs-changelog-repo-'));
  git('init', '-q');
  git('config', 'user.email', 'docs-test@example.com');
  git('config', 'user.name', 'docs test');
  execFileSync('mkdir', [specDir()]);
}

/** The working tree's spec is one file, so it is its own bundle. */
const changelogOf = () =>
  buildChangelog({ cwd: repo, specDir: specDir(), workingBundle: join(specDir(), 'openapi.yaml') });

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('changelog from the breaking-change reports between release tags', () => {
  it('lists each release newest first, what broke since the one before, and Unreleased', () => {
    makeRepo();
    release('1.0.0', 'string');
    release('2.0.0', 'integer'); // breaking, released as a new major version
    writeSpec(spec('2.0.0', 'boolean')); // breaking again, not released
    const changelog = changelogOf();

    expect(changelog.tagged).toBe(true);
    expect(changelog.releases.map((r: { title: string }) => r.title)).toEqual(['spec-v2.0.0', 'spec-v1.0.0']);
    const [second, first] = changelog.releases;
    expect(first.first).toBe(true);
    expect(second.since).toBe('spec-v1.0.0');
    expect(second.verdict).toBe('pass');
    expect(second.breaking.map((c: { where: string }) => c.where)).toContain('GET /pets/{petId}');
    expect(changelog.unreleased.since).toBe('spec-v2.0.0');
    expect(changelog.unreleased.verdict).toBe('fail');
    expect(changelog.unreleased.breaking.length).toBeGreaterThan(0);

    const page = changelogHtml({ title: 'Pets', changelog });
    expect(page).not.toContain('No release is tagged yet');
    expect(page.indexOf('>Unreleased<')).toBeLessThan(page.indexOf('>spec-v2.0.0'));
    expect(page.indexOf('>spec-v2.0.0')).toBeLessThan(page.indexOf('>spec-v1.0.0'));
    expect(page).toContain('GET /pets/{petId}');
  }, 120_000); // three bundles and two oasdiff runs: a bound on a hang, not a speed goal

  it('without a tag, says no release is tagged yet and shows Unreleased against the first commit', () => {
    makeRepo();
    release('1.0.0', 'string', '');
    writeSpec(spec('1.0.0', 'integer'));
    const changelog = changelogOf();

    expect(changelog.tagged).toBe(false);
    expect(changelog.releases).toEqual([]);
    expect(changelog.unreleased.since).toMatch(/^the first commit \([0-9a-f]{12}\)$/);
    expect(changelog.unreleased.breaking.length).toBeGreaterThan(0);
    expect(changelogHtml({ title: 'Pets', changelog })).toContain('No release is tagged yet');
  }, 120_000);

  it('refuses a spec-v* tag that is not spec-v<major>.<minor>.<patch>, naming it', () => {
    makeRepo();
    release('1.0.0', 'string', 'spec-v1');
    expect(changelogOf).toThrow(/spec-v1 is not/);
  });

  it('refuses a tag whose spec carries another info.version', () => {
    makeRepo();
    release('1.0.0', 'string', 'spec-v1.1.0');
    expect(changelogOf).toThrow(/spec-v1\.1\.0 is on a commit whose spec says info\.version 1\.0\.0/);
  }, 60_000);
});

describe('the built changelog page', () => {
  it('is beside the reference, which links to it, and links back', () => {
    const page = readFileSync(join(docsDir, 'dist/changelog.html'), 'utf8');
    expect(page).toContain('<h2 id="unreleased">Unreleased</h2>');
    expect(page).toContain('href="index.html"');
    expect(readFileSync(docsHtml, 'utf8')).toContain('href="changelog.html"');
  });
});

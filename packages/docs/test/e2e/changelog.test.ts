// The changelog (scripts/changelog.mjs, scripts/changelog-page.mjs) on git repositories this test
// makes: a small spec released as spec-v1.0.0 and spec-v2.0.0, then changed again in the working
// tree; the same repository before any tag; and tags that do not follow the scheme.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChangelog } from '../../scripts/changelog.mjs';
import { changelogHtml } from '../../scripts/changelog-page.mjs';
import { docsDir, docsHtml } from '../support/docs.js';

/** A one-file spec: `id` typed `idType`, served under /v<major>; `extra` paths after Get Pet. */
const spec = (version: string, idType: string, extra = '') => `openapi: 3.1.0
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
${extra}`;

/** Path items beside Get Pet: List Pets (deprecated or not) and, later, List Owners. */
const listPets = (deprecated: boolean) => `  /pets:
    get:
      operationId: list-pets
      summary: List pets
      deprecated: ${deprecated}
      responses:
        '200': { description: The pets. }
`;
const listOwners = `  /owners:
    get:
      operationId: list-owners
      summary: List owners
      responses:
        '200': { description: The owners. }
`;

let repo: string;
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
const specDir = () => join(repo, 'spec');
const writeSpec = (text: string) => writeFileSync(join(specDir(), 'openapi.yaml'), text);

function release(version: string, idType: string, tag = `spec-v${version}`, extra = '') {
  writeSpec(spec(version, idType, extra));
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
    release('1.0.0', 'string', undefined, listPets(false));
    // Breaking (the id's type), List Owners added, List Pets deprecated: a new major version.
    release('2.0.0', 'integer', undefined, listPets(true) + listOwners);
    writeSpec(spec('2.0.0', 'boolean', listPets(true) + listOwners)); // breaking again, not released
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
    expect(page.indexOf('>Unreleased<')).toBeLessThan(page.indexOf('>2.0.0 <time'));
    expect(page.indexOf('>2.0.0 <time')).toBeLessThan(page.indexOf('>1.0.0 <time'));
    expect(page).toContain('GET /pets/{petId}');

    // For readers: each release dated by its tag, what was added, changed, deprecated and how to
    // upgrade; the gate's report folded below for maintainers.
    const today = git('for-each-ref', '--format=%(creatordate:short)', 'refs/tags/spec-v2.0.0').trim();
    const entry = page.slice(page.indexOf('<h2 id="2.0.0">'), page.indexOf('<h2 id="1.0.0">'));
    expect(entry).toContain(`<time datetime="${today}">`);
    const under = (heading: string) => entry.slice(entry.indexOf(`<h3>${heading}</h3>`)).split('<h3>')[1];
    expect(under('Added')).toContain('GET /owners (List owners)');
    expect(under('Deprecated')).toContain('GET /pets (List pets)');
    expect(under('Changed')).toContain('GET /pets/{petId}');
    expect(under('Upgrading')).toContain('regenerate your client');
    expect(entry.indexOf('<details>')).toBeGreaterThan(entry.indexOf('<h3>Upgrading</h3>'));
    expect(entry.slice(entry.indexOf('<details>'))).toContain('Compared with spec-v1.0.0');
    const firstEntry = page.slice(page.indexOf('<h2 id="1.0.0">'));
    expect(firstEntry).toContain('<h3>Added</h3>');
    expect(firstEntry).toContain('GET /pets/{petId}');
  }, 120_000);

  it("takes a release's sections from CHANGELOG.md where the maintainers wrote them", () => {
    makeRepo();
    release('1.0.0', 'string');
    writeFileSync(
      join(repo, 'CHANGELOG.md'),
      '# Changelog\n\n## 1.0.0 — 2026-11-26\n\n### Added\n\n- Get Pet, with `petId`.\n\n### Upgrading\n\nNothing to do.\n',
    );
    const page = changelogHtml({ title: 'Pets', changelog: changelogOf() });
    const entry = page.slice(page.indexOf('<h2 id="1.0.0">'));
    expect(entry).toContain('<h3>Added</h3><ul><li>Get Pet, with <code>petId</code>.</li></ul>');
    expect(entry).toContain('<h3>Upgrading</h3><p>Nothing to do.</p>');
  });

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
  });
});

describe('the built changelog page', () => {
  it('is beside the reference, which links to it, and links back', () => {
    const page = readFileSync(join(docsDir, 'dist/changelog.html'), 'utf8');
    expect(page).toContain('<h2 id="unreleased">Unreleased');
    expect(page).toContain('href="index.html"');
    expect(readFileSync(docsHtml, 'utf8')).toContain('href="changelog.html"');
  });
});

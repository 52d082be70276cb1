// One version, decided by the gate: the version rule on the gate's findings, and the gate itself on
// a released bundle and a revision that differ by one operation.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkBreaking } from '@chatplatform/contract';
import { bundledSpecPath } from '@chatplatform/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { allChanges } from '../src/release.mjs';
import { checkVersion, expectedVersion, kindOf } from '../src/version.mjs';

const base = { version: '3.4.2' };
const passing = { breaking: [], verdict: 'pass', reason: 'no breaking change' };
const added = [{ id: 'endpoint-added', level: 1, text: 'endpoint added' }];
const changed = [{ id: 'api-description-changed', level: 1, text: 'description changed' }];

describe('the version rule', () => {
  it('a breaking change needs the next major', () => {
    const gate = { breaking: [{ id: 'x' }], verdict: 'pass', reason: '' };
    expect(expectedVersion(base, gate, []).expected).toBe('4.0.0');
    expect(() => checkVersion(base, '3.5.0', gate, added)).toThrow(
      "the spec's info.version is 3.5.0, but 1 breaking change(s) since 3.4.2 make it 4.0.0: set info.version in spec/openapi.yaml to 4.0.0",
    );
  });

  it("a breaking change at the next major still fails when the gate refuses it (the servers' /vN not moved)", () => {
    const gate = { breaking: [{ id: 'x' }], verdict: 'fail', reason: 'move every server to /v4' };
    expect(() => checkVersion(base, '4.0.0', gate, [])).toThrow(
      'the breaking gate refuses 4.0.0: move every server to /v4',
    );
  });

  it('an addition needs the next minor, anything else the next patch', () => {
    expect(checkVersion(base, '3.5.0', passing, [...added, ...changed])).toBe('3.5.0');
    expect(() => checkVersion(base, '3.4.3', passing, added)).toThrow(/make it 3\.5\.0/);
    expect(checkVersion(base, '3.4.3', passing, changed)).toBe('3.4.3');
    expect(() => checkVersion(base, '4.0.0', passing, changed)).toThrow(
      /no breaking change and no addition since 3\.4\.2 make it 3\.4\.3/,
    );
  });

  it('nothing changed, or a version that is not MAJOR.MINOR.PATCH, is refused', () => {
    expect(() => checkVersion(base, '3.4.3', passing, [])).toThrow('nothing changed since the last release 3.4.2');
    expect(() => checkVersion(base, 'v3', passing, changed)).toThrow('is not a semantic version');
  });

  it("sorts oasdiff's change ids into the changelog's kinds", () => {
    expect(
      [
        'endpoint-added',
        'endpoint-deprecated',
        'api-path-removed-without-deprecation',
        'response-property-type-changed',
      ].map((id) => kindOf({ id, level: id.includes('removed') ? 3 : 1 })),
    ).toEqual(['Added', 'Deprecated', 'Removed', 'Changed']);
  });
});

describe('the gate on a released bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'release-version-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bundle = parse(readFileSync(bundledSpecPath('yaml'), 'utf8'));

  /** The bundle with info.version set and, optionally, one operation left out. */
  function variant(name: string, version: string, without?: string) {
    const doc = structuredClone(bundle);
    doc.info.version = version;
    if (without) delete doc.paths[without];
    const file = join(dir, name);
    writeFileSync(file, stringify(doc));
    return file;
  }

  it('an operation added since the release makes a minor; an operation removed, a major', () => {
    const path = Object.keys(bundle.paths).find((key) => key !== '/calls/{sessionId}') as string;
    const released = variant('released.yaml', '3.0.0', path);
    const revision = variant('revision.yaml', '3.1.0');
    const gate = checkBreaking({ base: released, revision });
    const changes = allChanges(released, revision);
    expect(checkVersion({ version: '3.0.0' }, '3.1.0', gate, changes)).toBe('3.1.0');
    expect(() => checkVersion({ version: '3.0.0' }, '3.0.1', gate, changes)).toThrow(
      /addition\(s\) .* make it 3\.1\.0/,
    );

    const removed = checkBreaking({ base: revision, revision: released });
    expect(removed.breaking.length).toBeGreaterThan(0);
    expect(() => checkVersion({ version: '3.1.0' }, '3.2.0', removed, allChanges(revision, released))).toThrow(
      /make it 4\.0\.0/,
    );
  });
});
